import Foundation
import Host
import StackEngine

/// The pager: the album's photos side by side, one window width apart, on a horizontal `ScrollController` whose
/// resting points come from the paging rule (`PageSnapping`, as in `PagingStripLayout`). A drag or a touchpad swipe
/// moves the photos with the finger (rubber bands before the first and after the last); the release settles with the
/// scroller's release velocity (a flick over 50 pt/s turns the page, a slower release rests on the nearest page, at
/// most one away). Keys and wheel notches slide one page each along the reflow spring, retargeted from the current
/// position and speed, so a burst of presses carries on smoothly.
extension PhotoScreen {
    /// Timing of a slide by keys or the wheel: the reflow spring (critically damped, response 0.35 s, done at 0.51 s).
    static let slideOptions = AnimationOptions.reflow

    /// Sets the pager's pages for the window and the album, resting on `page`.
    func resizePager(at time: Double, page: Int) {
        let count = album.photos.count
        paging.snapping = PageSnapping(pageWidth: width, pageCount: count)
        pager.setGeometry(ScrollGeometry(viewportSize: Size(width: width, height: height),
                                         contentSize: Size(width: Double(count) * width, height: height), axes: .horizontal), time: time)
        pager.setOffset(Point(x: Double(min(max(0, page), max(0, count - 1))) * width, y: 0))
        dragging = dragging == .page ? nil : dragging
    }

    /// The page the pager is going to (or, while a finger holds it, the nearest page).
    var currentPage: Int {
        guard width > 0, !album.photos.isEmpty else { return index }
        let x = pager.isTracking ? pager.offset(at: time).x : pager.projectedRestOffset.x
        return min(max(0, Int((x / width).rounded())), album.photos.count - 1)
    }

    /// Follows the pager: a new page becomes the photo shown (its neighbours load, the grid's selection follows);
    /// a zoomed photo sliding away goes back to its default view.
    func syncIndex() {
        guard transition?.phase != .closing else { return }   // the photo carried into its cell stays the one shown
        let i = currentPage
        guard i != index else { return }
        index = i
        if zoomIndex != i {
            if abs(zoomValue.target - 1) > 1e-9 || zoomValue.isMoving(at: time) {
                unzoomSlidingPhoto(at: time)
            } else {
                zoomIndex = i
            }
        }
        onIndexChange?(i)
        requestImages()
    }

    /// Shows photo `i` (clamped) at once, at its default view (no slide): where a slideshow left off.
    func show(index i: Int, at time: Double) {
        guard !album.photos.isEmpty else { return }
        let j = min(max(0, i), album.photos.count - 1)
        guard j != index else { return }
        resetZoom()
        resizePager(at: time, page: j)
        index = j
        zoomIndex = j
        onIndexChange?(j)
        requestImages()
    }

    /// Slides `delta` photos on from the page the pager is going to (keys, wheel notches), at `time`.
    func slide(by delta: Int, at time: Double) {
        guard delta != 0, !pager.isTracking, width > 0 else { return }
        let from = Int((pager.projectedRestOffset.x / width).rounded())
        slide(to: from + delta, at: time)
    }

    /// Slides to photo `i` (clamped) at `time`.
    func slide(to i: Int, at time: Double) {
        guard !album.photos.isEmpty, width > 0, !pager.isTracking else { return }
        let j = min(max(0, i), album.photos.count - 1)
        pager.scroll(to: Point(x: Double(j) * width, y: 0), following: Self.slideOptions, time: time)
        if dragging == .page { dragging = nil }
        syncIndex()
    }

    /// Shows photo `i` (clamped), sliding to it from `time`.
    public func show(_ i: Int, at time: Double) { slide(to: i, at: max(self.time, time)) }

    // MARK: Input

    func handleWheel(_ w: WheelEvent, at time: Double) -> Bool {
        if w.modifiers.contains(.control) {
            zoom(by: pow(Self.zoomStep, -w.deltaY), about: Point(x: w.x, y: w.y), at: time)
            return true
        }
        if w.isPrecise {
            let target: DragTarget = isZoomed ? .pan : .page
            if preciseTarget != target, let old = preciseTarget { endPreciseScroll(old, at: w.time) }
            if dragging != nil { return true }
            if target == .pan { freezeZoom(at: w.time) }
            preciseTarget = target
            lastPreciseScrollTime = w.time
            let s = target == .pan ? panner : pager
            s.smoothScroll(delta: Point(x: w.deltaX * s.lineStep, y: w.deltaY * s.lineStep), time: w.time)
            syncIndex()
            return true
        }
        let notches = w.deltaX != 0 ? w.deltaX : w.deltaY
        let n = Int(notches.rounded(notches > 0 ? .up : .down))
        slide(by: n, at: time)
        return true
    }

    /// The touchpad sequence of `target` ended at `time`: its scroller settles with the tracked velocity (the one at
    /// `sampledAt`, the last event, when the end is noticed by a pause: a swipe's speed is not lost in the pause).
    func endPreciseScroll(_ target: DragTarget? = nil, at time: Double, sampledAt: Double? = nil) {
        let t = target ?? preciseTarget
        lastPreciseScrollTime = nil
        preciseTarget = nil
        guard let t else { return }
        (t == .pan ? panner : pager).smoothScrollEnded(time: time, sampledAt: sampledAt)
        syncIndex()
    }

    func pointerDown(_ p: PointerEvent, at time: Double) -> Bool {
        let point = Point(x: p.x, y: p.y)
        if p.clickCount == 2 {
            toggleZoom(about: point, at: time)
            return true
        }
        if let t = preciseTarget { endPreciseScroll(t, at: p.time) }
        if isZoomed {
            freezeZoom(at: time)
            dragging = .pan
            panner.pointerDown(at: point, time: p.time)
        } else {
            pressOnBackground = transition == nil && !pager.isMoving(at: time) && !imageRect.contains(point)
            dragging = .page
            pager.pointerDown(at: point, time: p.time)
        }
        return true
    }

    func pointerMoved(_ point: Point, time: Double) -> Bool {
        guard let d = dragging else { return false }
        (d == .pan ? panner : pager).pointerMoved(to: point, time: time)
        if d == .page { syncIndex() }
        return true
    }

    func pointerUp(_ p: PointerEvent, at time: Double) -> Bool {
        guard let d = dragging else { return false }
        dragging = nil
        let point = Point(x: p.x, y: p.y)
        let release = (d == .pan ? panner : pager).pointerUp(at: point, time: p.time)
        syncIndex()
        if d == .page, pressOnBackground, release == .click, !imageRect.contains(point) {
            // A click on the background (not a drag, not stopping a slide): back to the grid.
            pressOnBackground = false
            onCloseRequest?(time)
        }
        pressOnBackground = false
        return true
    }
}
