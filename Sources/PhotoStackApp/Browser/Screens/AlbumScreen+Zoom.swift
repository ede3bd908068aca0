import Foundation
import Host
import StackEngine

/// Grid sizing and zoom on the album screen: cells of about `defaultCellSide` × `cellSideStep`^level points (level
/// −3…4: about 100 to 490 pt; smaller in a narrow window), as many columns as fit (so a wider window shows more photos of the same size, as a
/// desktop file manager does). Every step (Ctrl+wheel, Ctrl+plus/minus, Ctrl+0, a touchpad pinch) changes the column
/// count with an animated reflow that keeps the photo under the pointer under it; a step that would not change the
/// columns at this width goes on to the next level that does.
extension AlbumScreen {
    /// Zoom levels; 0 is the default.
    public static let zoomLevels = -3...4
    /// The preferred cell side at level 0 in a desktop window, points: 8 columns at 1920 pt, 6 at 1280, 4 at 1024.
    public static let defaultCellSide = 200.0
    /// Ratio of the preferred cell sides of neighbouring levels.
    public static let cellSideStep = 1.25

    /// The preferred cell side at `level` in a window `viewWidth` points wide, points: `defaultCellSide` ×
    /// `cellSideStep`^level, from a smaller base in a narrow window (under about 840 pt: width / 4.2, at least
    /// 160 pt, the grid's size before zoom, so a phone-sized window keeps two columns).
    public static func cellSide(level: Int, viewWidth: Double) -> Double {
        min(defaultCellSide, max(160, viewWidth / 4.2)) * pow(cellSideStep, Double(level))
    }

    /// The zoom level (see `zoomLevels`).
    public var zoomLevel: Int { zoom.level }

    /// The grid's preferred cell side now, points (what `resize` gives the grid layout).
    var gridCellSide: Double { Self.cellSide(level: zoom.level, viewWidth: viewportWidth) }

    /// Sets the zoom level at once (clamped), without animation or notice: the saved level when the screen is made.
    public func setZoomLevel(_ level: Int) {
        zoom.level = min(Self.zoomLevels.upperBound, max(Self.zoomLevels.lowerBound, level))
        gridLayout.targetCellSide = gridCellSide
        justifiedLayout.targetRowHeight = gridCellSide
    }

    /// The grid's column count at `level` in this window.
    func columns(atLevel level: Int) -> Int {
        gridLayout.columns(forViewWidth: viewportWidth, targetCellSide: Self.cellSide(level: level, viewWidth: viewportWidth))
    }

    /// The level `steps` zoom steps from the current one (positive: larger cells), each step going on until the
    /// column count changes (or the levels end: then the last level that changed it).
    func level(steppingBy steps: Int) -> Int {
        guard steps != 0 else { return zoom.level }
        if gridStyle == .justified {   // every level changes the row height
            return min(Self.zoomLevels.upperBound, max(Self.zoomLevels.lowerBound, zoom.level + steps))
        }
        let direction = steps > 0 ? 1 : -1
        var level = zoom.level
        for _ in 0..<abs(steps) {
            let columns = self.columns(atLevel: level)
            var next = level + direction
            while Self.zoomLevels.contains(next), self.columns(atLevel: next) == columns { next += direction }
            guard Self.zoomLevels.contains(next) else { break }
            level = next
        }
        return level
    }

    /// True while the grid is the layout shown and nothing flies: zoom steps apply.
    var canZoom: Bool { collectionView.collectionViewLayout === activeGridLayout && flight == nil && !isClosing && viewportWidth > 0 }

    /// Zooms to `level` (clamped) with an animated reflow from `time` that keeps the photo under `anchor` (viewport
    /// points; default: the pointer's last position, else the window's centre) in place; tells `zoom.onChange`. A
    /// level with the same column count is taken without a reflow. False when nothing changed or the grid cannot
    /// zoom now (photos flying).
    @discardableResult
    public func zoom(to level: Int, about anchor: Point? = nil, at time: Double) -> Bool {
        let l = min(Self.zoomLevels.upperBound, max(Self.zoomLevels.lowerBound, level))
        guard l != zoom.level, canZoom else { return false }
        let sameColumns = gridStyle == .square && columns(atLevel: l) == columns(atLevel: zoom.level)
        zoom.level = l
        let side = gridCellSide
        let p = anchor ?? lastPointer ?? Point(x: viewportWidth / 2, y: viewportHeight / 2)
        let t = max(time, self.time)
        if !sameColumns, let cell = zoom.anchorCell(near: p, in: collectionView, at: t) {
            collectionView.zoomLayout(keeping: cell, under: p, at: t) {
                gridLayout.targetCellSide = side
                justifiedLayout.targetRowHeight = side
            }
        } else {
            gridLayout.targetCellSide = side
            justifiedLayout.targetRowHeight = side
            if !sameColumns { collectionView.invalidateLayout(animated: true, options: .reflow) }
        }
        self.time = max(self.time, time)
        needsImageRequests = true
        zoom.onChange?(l)
        return true
    }

    /// Ctrl+wheel, Ctrl+plus/minus/0 and pinches; true when the event was zoom input (also while the photos fly,
    /// when it does nothing: Ctrl+wheel never scrolls).
    func handleZoom(_ event: HostEvent, at time: Double) -> Bool {
        switch zoom.gesture.interpret(event, level: zoom.level) {
        case .notZoom:
            return false
        case .consumed:
            return true
        case let .step(n, anchor):
            zoom(to: level(steppingBy: n), about: anchor, at: time)
        case let .reset(anchor):
            zoom(to: 0, about: anchor, at: time)
        case let .pinch(scale, start, anchor):
            // Fingers twice as far apart: cells about twice as large.
            let continuous = Double(start) + log(max(scale, 0.01)) / log(Self.cellSideStep)
            zoom(to: ZoomGesture.pinchLevel(continuous: continuous, current: zoom.level, levels: Self.zoomLevels),
                 about: anchor, at: time)
        }
        return true
    }

    /// The state JSON's zoom facts: `zoomLevel` and `cellSide` (points, the grid's cells now).
    func zoomState() -> [String: StateValue] {
        ["zoomLevel": .int(zoom.level),
         "cellSide": .double(gridStyle == .justified ? justifiedLayout.targetRowHeight : gridLayout.preparedItemSize.width)]
    }
}
