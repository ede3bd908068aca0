/// The modifier keys held during a selection click (the app maps Control and Shift of its key state here).
public struct SelectionModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Ctrl+click: toggle one item, keep the rest.
    public static let control = SelectionModifiers(rawValue: 1 << 0)
    /// Shift+click: select the range from the anchor to the clicked item (added to the rest with Control).
    public static let shift = SelectionModifiers(rawValue: 1 << 1)
}
