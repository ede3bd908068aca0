/// What a user selection action changed: the items it deselected and selected, in the order the delegate
/// was told (deselections first). Empty when nothing changed.
public struct SelectionChange: Equatable, Sendable {
    public var deselected: [IndexPath]
    public var selected: [IndexPath]

    public init(deselected: [IndexPath] = [], selected: [IndexPath] = []) {
        self.deselected = deselected
        self.selected = selected
    }

    public var isEmpty: Bool { deselected.isEmpty && selected.isEmpty }
}
