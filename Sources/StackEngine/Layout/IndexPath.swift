/// The position of an element in a collection view: a zero-based section and item.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    public static func < (l: IndexPath, r: IndexPath) -> Bool {
        l.section != r.section ? l.section < r.section : l.item < r.item
    }

    public var description: String { "[\(section), \(item)]" }
}
