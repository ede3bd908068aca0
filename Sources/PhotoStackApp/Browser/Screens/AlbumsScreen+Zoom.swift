import Foundation
import Host
import StackEngine

/// Zoom on the albums screen: level L shows k = 1 − L times the columns (2k in a portrait window, 3k in a landscape
/// one, k = 1…4), the reference proportions scaled to a k-th of the window width. Every step (Ctrl+wheel,
/// Ctrl+plus/minus, Ctrl+0, a touchpad pinch) is an animated reflow that keeps the stack under the pointer under it
/// (`CollectionView.zoomLayout(keeping:under:at:)`).
extension AlbumsScreen {
    /// Zoom levels: 0 (the default, 2 or 3 columns) down to −3 (8 or 12 columns).
    public static let zoomLevels = -3...0
    /// The largest stack side, points: at 1920 × 1080 two full rows of three stacks with their titles show (and
    /// the top of a third); a wider window spreads its extra width between the columns.
    public static let maximumStackSide = 360.0
    /// The smallest title height, points: room for the 13 pt title font in the densest zoom of a small window.
    static let minimumTitleHeight = 20.0

    /// The zoom level (see `zoomLevels`).
    public var zoomLevel: Int { zoom.level }

    /// Sets the zoom level at once (clamped), without animation or notice: the saved level at launch.
    public func setZoomLevel(_ level: Int) {
        let l = min(Self.zoomLevels.upperBound, max(Self.zoomLevels.lowerBound, level))
        zoom.level = l
        stackLayout.columnMultiplier = 1 - l
        needsImageRequests = true
    }

    /// Zooms to `level` (clamped) with an animated reflow from `time` that keeps the stack under `anchor` (viewport
    /// points; default: the pointer's last position, else the window's centre) in place; tells `zoom.onChange`.
    /// False when the level does not change.
    @discardableResult
    public func zoom(to level: Int, about anchor: Point? = nil, at time: Double) -> Bool {
        let l = min(Self.zoomLevels.upperBound, max(Self.zoomLevels.lowerBound, level))
        guard l != zoom.level else { return false }
        zoom.level = l
        let k = 1 - l
        let p = anchor ?? lastPointer ?? Point(x: viewportWidth / 2, y: viewportHeight / 2)
        let t = max(time, self.time)
        if hasBeenSized, let cell = zoom.anchorCell(near: p, in: collectionView, at: t) {
            collectionView.zoomLayout(keeping: cell, under: p, at: t) { stackLayout.columnMultiplier = k }
        } else {
            stackLayout.columnMultiplier = k
            if hasBeenSized { collectionView.invalidateLayout(animated: true, options: .reflow) }
        }
        self.time = max(self.time, time)
        resizeAnchor = nil   // the user changed the view: the next resize anchors what is at the top then
        needsImageRequests = true
        zoom.onChange?(l)
        return true
    }

    /// Ctrl+wheel, Ctrl+plus/minus/0 and pinches; true when the event was zoom input.
    func handleZoom(_ event: HostEvent, at time: Double) -> Bool {
        switch zoom.gesture.interpret(event, level: zoom.level) {
        case .notZoom:
            return false
        case .consumed:
            return true
        case let .step(n, anchor):
            zoom(to: zoom.level + n, about: anchor, at: time)
        case let .reset(anchor):
            zoom(to: 0, about: anchor, at: time)
        case let .pinch(scale, start, anchor):
            // Fingers twice as far apart: half the columns multiplier (k = 1 − level).
            let k = Double(1 - start) / max(scale, 0.01)
            let level = ZoomGesture.pinchLevel(continuous: 1 - k, current: zoom.level, levels: Self.zoomLevels)
            zoom(to: level, about: anchor, at: time)
        }
        return true
    }
}
