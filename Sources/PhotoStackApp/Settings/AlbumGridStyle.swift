/// How an album's photos are laid out: square cards in columns (`AlbumGridLayout`) or whole photos in justified
/// rows (`JustifiedLayout`, each photo at its own proportions). The raw value is what `settings.json` and the state
/// JSON's `layout.gridStyle` say.
public enum AlbumGridStyle: String, Codable, CaseIterable, Sendable {
    case square
    case justified
}
