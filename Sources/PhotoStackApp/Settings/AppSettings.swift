import PhotoPipeline

/// What PhotoStack remembers between runs (`settings.json`). Every field has a default, so a file from an
/// older version (missing keys) or a newer one (unknown keys) still loads; unknown keys are kept in
/// `otherKeys` and written back, so saving from an older version does not lose a newer one's settings.
public struct AppSettings: Codable, Equatable, Sendable {
    /// Zoom step of the albums screen: 0 = the default size, +1 larger stacks, −1 smaller (the app clamps
    /// it to the steps it has).
    public var albumsZoomLevel: Int
    /// Zoom step of an album's photo grid, as above.
    public var albumGridZoomLevel: Int
    /// How albums and photos are ordered.
    public var sortOrder: PhotoSortOrder
    /// The album grid's layout: square cards or justified rows of whole photos. Default square.
    public var albumGridStyle: AlbumGridStyle
    /// Whether the justified rows show each photo's file name under it. Default false.
    public var showsFileNames: Bool
    /// The grid style for this run only (`--grid`), in force over `albumGridStyle` until the user picks one; never
    /// written to the file.
    public var runGridStyle: AlbumGridStyle?
    /// The grid style in force: this run's, else the remembered one.
    public var gridStyleInForce: AlbumGridStyle { runGridStyle ?? albumGridStyle }
    /// The window's size and place when the app last closed.
    public var window: WindowGeometry?
    /// Folders opened as the library, newest first, at most `recentLimit` (the Places screen lists them).
    public var recentLibraries: [String] = []
    /// Keys this version does not know, as read (written back unchanged).
    public var otherKeys: [String: SettingsValue] = [:]

    public init(albumsZoomLevel: Int = 0, albumGridZoomLevel: Int = 0, sortOrder: PhotoSortOrder = .name,
                albumGridStyle: AlbumGridStyle = .square, showsFileNames: Bool = false) {
        self.albumsZoomLevel = albumsZoomLevel
        self.albumGridZoomLevel = albumGridZoomLevel
        self.sortOrder = sortOrder
        self.albumGridStyle = albumGridStyle
        self.showsFileNames = showsFileNames
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case albumsZoomLevel, albumGridZoomLevel, sortOrder, albumGridStyle, showsFileNames, window = "windowGeometry", recentLibraries
    }

    /// Any key, for the unknown ones.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Missing keys take their defaults; a value of the wrong type or an unknown sort order is an error only
    /// for that key (it takes its default too), so one bad value does not lose the other settings.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AppSettings()
        albumsZoomLevel = (try? c.decodeIfPresent(Int.self, forKey: .albumsZoomLevel)) ?? defaults.albumsZoomLevel
        albumGridZoomLevel = (try? c.decodeIfPresent(Int.self, forKey: .albumGridZoomLevel)) ?? defaults.albumGridZoomLevel
        sortOrder = (try? c.decodeIfPresent(String.self, forKey: .sortOrder)).flatMap { $0 }
            .flatMap(PhotoSortOrder.init(rawValue:)) ?? defaults.sortOrder
        albumGridStyle = (try? c.decodeIfPresent(String.self, forKey: .albumGridStyle)).flatMap { $0 }
            .flatMap(AlbumGridStyle.init(rawValue:)) ?? defaults.albumGridStyle
        showsFileNames = (try? c.decodeIfPresent(Bool.self, forKey: .showsFileNames)).flatMap { $0 } ?? defaults.showsFileNames
        window = (try? c.decodeIfPresent(WindowGeometry.self, forKey: .window)).flatMap { $0 }
        recentLibraries = ((try? c.decodeIfPresent([String].self, forKey: .recentLibraries)) ?? nil)?
            .filter { $0.hasPrefix("/") }.prefix(Self.recentLimit).map { $0 } ?? []
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys where !known.contains(key.stringValue) {
            if let value = try? all.decode(SettingsValue.self, forKey: key) { otherKeys[key.stringValue] = value }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var all = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in otherKeys { try all.encode(value, forKey: AnyKey(stringValue: key)) }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(albumsZoomLevel, forKey: .albumsZoomLevel)
        try c.encode(albumGridZoomLevel, forKey: .albumGridZoomLevel)
        try c.encode(sortOrder, forKey: .sortOrder)
        try c.encode(albumGridStyle, forKey: .albumGridStyle)
        try c.encode(showsFileNames, forKey: .showsFileNames)
        try c.encodeIfPresent(window, forKey: .window)
        if !recentLibraries.isEmpty { try c.encode(recentLibraries, forKey: .recentLibraries) }
    }

    /// How many recent libraries are remembered.
    public static let recentLimit = 6

    /// `folder` remembered as the newest recent library (moved to the front when it was there; the oldest
    /// beyond `recentLimit` forgotten).
    public mutating func rememberLibrary(_ folder: String) {
        recentLibraries.removeAll { $0 == folder }
        recentLibraries.insert(folder, at: 0)
        if recentLibraries.count > Self.recentLimit { recentLibraries.removeLast(recentLibraries.count - Self.recentLimit) }
    }
}
