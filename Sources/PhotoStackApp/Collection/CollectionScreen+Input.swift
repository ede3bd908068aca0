import StackEngine
import Host

extension CollectionScreen {
    /// Routes an event: indicators first, then drags and clicks, wheel, keys. Physics take the event's own
    /// time; hit tests use what the last frame showed (what the user pointed at).
    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        self.time = max(self.time, time)
        switch event {
        case .pointerDown(let p) where p.button == .left:
            return pointerDown(Point(x: p.x, y: p.y), time: p.time)
        case .pointerUp(let p) where p.button == .left:
            return pointerUp(Point(x: p.x, y: p.y), clickCount: p.clickCount, time: p.time)
        case let .pointerMoved(x, y, _, t):
            let moved = lastPointer != Point(x: x, y: y) && !pointerIsTarget
            if lastPointer != Point(x: x, y: y) { pointerIsTarget = true }
            return pointerMoved(Point(x: x, y: y), time: t) || moved
        case .pointerLeft:
            lastPointer = nil
            let changed = hoveredKey != nil
            hoveredKey = nil
            return changed
        case .wheel(let w):
            return wheel(w)
        case .key(let k):
            if handleKey(k) { return true }
            return scrollKey(k)
        case .resize(let w, let h, let s):
            resize(width: w, height: h, scale: s, at: time)
            return true
        default:
            return handleOtherEvent(event, at: time)
        }
    }

    func pointerDown(_ p: Point, time: Double) -> Bool {
        let offset = collectionView.contentOffset
        if let hit = indicators.hitTest(p, geometry: scroller.geometry, offset: offset) {
            switch hit {
            case .thumb(let axis):
                thumbDrag = (axis, offset, p)
            case let .track(axis, direction):
                scroller.scroll(by: .page(axis, direction: direction), time: time)
            }
            return true
        }
        pointerIsDown = true
        scroller.pointerDown(at: p, time: time)
        return true
    }

    func pointerMoved(_ p: Point, time: Double) -> Bool {
        lastPointer = p
        if let drag = thumbDrag {
            let target = indicators.offset(forThumbDragFrom: drag.start, pointerDelta: p - drag.pointer,
                                           axis: drag.axis, geometry: scroller.geometry)
            collectionView.contentOffset = target
            return true
        }
        if pointerIsDown {
            scroller.pointerMoved(to: p, time: time)
            return true
        }
        return updateHover()
    }

    func pointerUp(_ p: Point, clickCount: Int, time: Double) -> Bool {
        if thumbDrag != nil {
            thumbDrag = nil
            return true
        }
        guard pointerIsDown else { return false }
        pointerIsDown = false
        if case .click = scroller.pointerUp(at: p, time: time) {
            let content = collectionView.contentPoint(fromViewport: p)
            let key = collectionView.element(at: content)?.key
            didClick(key, at: content, clickCount: clickCount, time: time)
        }
        return true
    }

    /// Re-hit-tests the element under the last pointer position; true when it changed.
    @discardableResult
    func updateHover() -> Bool {
        guard let p = lastPointer else { return false }
        let key = collectionView.element(at: collectionView.contentPoint(fromViewport: p))?.key
        guard key != hoveredKey else { return false }
        hoveredKey = key
        return true
    }

    func wheel(_ w: WheelEvent) -> Bool {
        if handleWheel(w) { return true }
        var dx = w.deltaX, dy = w.deltaY
        // Shift turns a vertical wheel into a horizontal one where the content scrolls sideways.
        if w.modifiers.contains(.shift), collectionView.scrollAxes.contains(.horizontal), dx == 0 { dx = dy; dy = 0 }
        if w.isPrecise {
            lastPreciseScrollTime = w.time
            scroller.smoothScroll(delta: Point(x: dx * scroller.lineStep, y: dy * scroller.lineStep), time: w.time)
        } else {
            if dy != 0 { scroller.wheel(notches: dy, axis: collectionView.scrollAxes.contains(.vertical) ? .vertical : .horizontal, time: w.time) }
            if dx != 0 { scroller.wheel(notches: dx, axis: .horizontal, time: w.time) }
        }
        return true
    }

    func scrollKey(_ k: KeyEvent) -> Bool {
        let horizontal = !collectionView.scrollAxes.contains(.vertical)
        let command: ScrollCommand?
        switch k.key {
        case .up: command = .lineUp
        case .down: command = .lineDown
        case .left: command = .lineLeft
        case .right: command = .lineRight
        case .pageUp: command = horizontal ? .pageLeft : .pageUp
        case .pageDown: command = horizontal ? .pageRight : .pageDown
        case .space:
            let back = k.modifiers.contains(.shift)
            command = horizontal ? (back ? .pageLeft : .pageRight) : (back ? .pageUp : .pageDown)
        case .home: command = .home
        case .end: command = .end
        default: command = nil
        }
        guard let command else { return false }
        scroller.scroll(by: command, time: k.time)
        return true
    }
}
