/// A screen's part of the state JSON: scroll position, content size, visible elements and layout facts.
public struct ScreenState: Codable, Equatable, Sendable {
    /// Content offset, points.
    public var contentOffset: StatePoint
    /// Content size, points.
    public var contentSize: StateSize
    /// Every visible element, in drawing order.
    public var visible: [VisibleElementState]
    /// Layout-specific facts (the album grid puts `columns` here).
    public var layout: [String: StateValue]
    /// Per photo shown: loaded / loading / failed (+ reason); nil (omitted) for screens without photos.
    public var photos: [PhotoState]?

    public init(contentOffset: StatePoint = StatePoint(x: 0, y: 0), contentSize: StateSize = StateSize(width: 0, height: 0),
                visible: [VisibleElementState] = [], layout: [String: StateValue] = [:], photos: [PhotoState]? = nil) {
        self.contentOffset = contentOffset; self.contentSize = contentSize; self.visible = visible; self.layout = layout
        self.photos = photos
    }
}
