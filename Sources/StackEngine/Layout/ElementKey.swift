/// Identifies one element of a layout: its category, its kind (empty for cells) and its index path.
public struct ElementKey: Hashable, Sendable, CustomStringConvertible {
    public var category: ElementCategory
    public var kind: String
    public var indexPath: IndexPath

    public init(category: ElementCategory, kind: String = "", indexPath: IndexPath) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
    }

    public static func cell(_ indexPath: IndexPath) -> ElementKey { ElementKey(category: .cell, indexPath: indexPath) }

    public var description: String {
        kind.isEmpty ? "\(category)\(indexPath)" : "\(category)(\(kind))\(indexPath)"
    }
}
