/// One scrolling axis.
public enum ScrollAxis: Int, Hashable, Sendable, CaseIterable {
    case horizontal
    case vertical

    /// The other axis.
    public var other: ScrollAxis { self == .horizontal ? .vertical : .horizontal }
}

/// The set of axes a scroll view scrolls along (decided by its layout).
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let horizontal = ScrollAxes(rawValue: 1)
    public static let vertical = ScrollAxes(rawValue: 2)
    public static let both: ScrollAxes = [.horizontal, .vertical]

    public func contains(_ axis: ScrollAxis) -> Bool {
        contains(axis == .horizontal ? ScrollAxes.horizontal : ScrollAxes.vertical)
    }
}

extension Point {
    /// The coordinate along `axis`, in points.
    subscript(axis: ScrollAxis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}

extension Size {
    /// The extent along `axis`, in points.
    subscript(axis: ScrollAxis) -> Double { axis == .horizontal ? width : height }
}
