import StackEngine

/// A screen's zoom: its level (0 the default; + 1 larger items), the input that moves it, the cell the last step kept
/// in place, and who hears of a change (the browser saves it in the settings).
struct ScreenZoom {
    var level = 0
    var gesture = ZoomGesture()
    /// Called with the new level after every change the user made (not when the level is set from the settings).
    var onChange: ((Int) -> Void)?
    /// The cell the last step kept at the pointer's height, where the pointer was, and when (seconds).
    private(set) var anchor: (cell: IndexPath, pointer: Point, time: Double)?

    /// The cell a zoom step about `point` (viewport points) at `time` keeps in place. While the last step's reflow
    /// runs and the pointer has not moved (or a pinch goes on), the same cell: it holds the pointer's height but
    /// glides across to its new column, away from the pointer, so the cell now under the pointer is moving and would
    /// drift. Otherwise the cell under the pointer, or the nearest.
    mutating func anchorCell(near point: Point, in cv: CollectionView, at time: Double) -> IndexPath? {
        if let a = anchor, cv.elementsAreAnimating, time - a.time <= AnimationOptions.reflow.duration,
           gesture.pinchStartLevel != nil || a.pointer.distance(to: point) <= 8,
           a.cell.section < cv.numberOfSections, a.cell.item < cv.numberOfItems(inSection: a.cell.section) {
            anchor = (a.cell, point, time)
            return a.cell
        }
        anchor = cv.anchorCell(near: point).map { ($0, point, time) }
        return anchor?.cell
    }
}
