/// The whole state JSON written by `--state`. Field names are stable; later screens add fields.
public struct AppState: Codable, Equatable, Sendable {
    /// The current screen's name ("albums", "placeholder", …).
    public var screen: String
    public var window: WindowState
    /// Content offset, points.
    public var contentOffset: StatePoint
    /// Content size, points.
    public var contentSize: StateSize
    /// True while an animation or scroll is in progress.
    public var animating: Bool
    public var visible: [VisibleElementState]
    public var layout: [String: StateValue]
    /// Per photo shown: loaded / loading / failed (+ reason); omitted for screens without photos.
    public var photos: [PhotoState]?
    /// After memory was asked back (SIGUSR1): how often, and the heap in use right after the last time (the soak
    /// test's leak check); omitted before.
    public var memory: MemoryState?

    public init(screen: String, window: WindowState, animating: Bool, screenState: ScreenState) {
        self.screen = screen
        self.window = window
        self.animating = animating
        contentOffset = screenState.contentOffset
        contentSize = screenState.contentSize
        visible = screenState.visible
        layout = screenState.layout
        photos = screenState.photos
    }
}

/// The window: size in points and device pixels per point.
public struct WindowState: Codable, Equatable, Sendable {
    public var width: Double, height: Double, scale: Double
    public init(width: Double, height: Double, scale: Double) { self.width = width; self.height = height; self.scale = scale }
}

/// A point in the state JSON, points.
public struct StatePoint: Codable, Equatable, Sendable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A size in the state JSON, points.
public struct StateSize: Codable, Equatable, Sendable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}
