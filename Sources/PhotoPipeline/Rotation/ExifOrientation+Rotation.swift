extension ExifOrientation {
    /// The orientation that shows the photo turned a quarter in `direction` from how this one shows it.
    ///
    /// Each orientation is the display transform `rotate(k quarter turns clockwise) ∘ mirror^m` (the stored
    /// image mirrored left–right first when m = 1): 1 = (0, 0), 6 = (1, 0), 3 = (2, 0), 8 = (3, 0),
    /// 2 = (0, 1), 7 = (1, 1), 4 = (2, 1), 5 = (3, 1). A further turn adds to k and leaves m alone.
    public func rotated(_ direction: RotationDirection) -> ExifOrientation {
        let table: [ExifOrientation: (k: Int, m: Int)] = [
            .normal: (0, 0), .rotate90Clockwise: (1, 0), .rotate180: (2, 0), .rotate90CounterClockwise: (3, 0),
            .flipHorizontal: (0, 1), .transverse: (1, 1), .flipVertical: (2, 1), .transpose: (3, 1),
        ]
        let (k, m) = table[self]!
        let turned = (k + (direction == .clockwise ? 1 : 3)) % 4
        return table.first { $0.value == (turned, m) }!.key
    }
}
