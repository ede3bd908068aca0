/// One change of a batch update, as handed to a layout before it animates the update.
public enum UpdateItem: Hashable, Sendable {
    case insertItem(IndexPath)
    case deleteItem(IndexPath)
    case moveItem(from: IndexPath, to: IndexPath)
    case reloadItem(IndexPath)
    case insertSection(Int)
    case deleteSection(Int)
    case moveSection(from: Int, to: Int)
    case reloadSection(Int)
}
