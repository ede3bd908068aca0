extension PhotoCell {
    /// Marks this card's image as used in the current frame (the cell is live: on screen or in the display
    /// margin, drawn or not), so the surface cache keeps it while the card may scroll in.
    func markImageInUse() {
        guard isDrawn, let photo, let images else { return }
        _ = images.surface(for: photo.id, pixelSize: pixelSize)
    }
}
