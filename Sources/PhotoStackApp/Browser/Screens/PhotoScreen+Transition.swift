import StackEngine

/// Opening from the grid and closing into it (`PhotoTransition`). The browser gives the screen `gridCellFrame` (the
/// window frame of a grid cell now) and pops it on `onClosed`; it draws the grid beneath while `isTransitioning`.
extension PhotoScreen {
    /// Timing of opening and closing: a critically damped spring, response 0.42 s (half-way after 0.11 s, within 1 %
    /// after 0.45 s, done at 0.62 s); a close during the opening carries the photo's speed over.
    static let transitionOptions = AnimationOptions.criticallyDampedSpring(response: 0.42)

    /// True while the photo grows out of its cell or goes back into one (the grid shows beneath).
    public var isTransitioning: Bool { transition != nil }

    /// The transition's phase, if any ("opening", "closing").
    public var transitionPhase: String? { transition?.phase.rawValue }

    /// The photo the transition carries (its grid cell is left empty beneath), if any.
    public var transitionIndex: Int? { transition?.index }

    /// True while the grid beneath shows through the view (it is drawn first).
    public var showsGridBeneath: Bool { transition != nil && viewAlpha < 0.999 }

    /// Opacity of the view over the grid beneath (1 without a transition).
    var viewAlpha: Double { presentedTransition?.alpha ?? 1 }

    /// Opens from grid cell `cell` (window points): the first frame shows the photo there, as the card it was.
    public func open(fromCell cell: Rect) {
        let from = LayoutAttributes.cell(IndexPath(item: index, section: 0), frame: cell).withAlpha(0)
        transition = PhotoTransition(phase: .opening, index: index,
                                     animation: AttributeAnimation(from: from, startTime: time, options: Self.transitionOptions),
                                     started: false)
        presentedTransition = from
    }

    /// Closes from `time`: the photo shown goes from where it is, as fast as it moves, into its grid cell; everything
    /// else stops where it is and fades with the view. `onClosed` follows when it lands.
    public func close(at time: Double) {
        self.time = max(self.time, time)
        let t = self.time
        guard transition?.phase != .closing, !album.photos.isEmpty else { return }
        var from: LayoutAttributes, velocity: AttributeVelocity
        if let tr = transition, tr.index == index {
            if tr.started {
                let target = transitionTarget(tr, at: t)
                from = tr.animation.presented(at: t, target: target)
                velocity = tr.animation.velocity(at: t, target: target)
            } else {
                from = tr.animation.from
                velocity = .zero
            }
        } else {
            from = LayoutAttributes.cell(IndexPath(item: index, section: 0), frame: displayedRect(of: index, at: t)).withAlpha(viewAlpha)
            velocity = displayedVelocity(of: index, at: t)
        }
        stopMotions(at: t)
        transition = PhotoTransition(phase: .closing, index: index,
                                     animation: AttributeAnimation(from: from, startTime: t, options: Self.transitionOptions,
                                                                   initialVelocity: velocity),
                                     started: true)
        updateTransition(at: t)
    }

    /// Where the carried photo is going at `time`: its place in the view (opening) or its grid cell (closing; when the
    /// grid has no such cell, a smaller frame about its centre).
    func transitionTarget(_ tr: PhotoTransition, at time: Double) -> LayoutAttributes {
        let path = IndexPath(item: tr.index, section: 0)
        switch tr.phase {
        case .opening:
            return LayoutAttributes.cell(path, frame: displayedRect(of: tr.index, at: time))
        case .closing:
            if let f = gridCellFrame?(tr.index) { return LayoutAttributes.cell(path, frame: f).withAlpha(0) }
            let r = tr.animation.from.frame
            return LayoutAttributes.cell(path, frame: Rect(x: r.midX - r.width * 0.3, y: r.midY - r.height * 0.3,
                                                           width: r.width * 0.6, height: r.height * 0.6)).withAlpha(0)
        }
    }

    /// Update phase: the transition's presented frame at `time`; an ended opening leaves the photo at rest, an ended
    /// closing calls `onClosed`.
    func updateTransition(at time: Double) {
        guard var tr = transition else { presentedTransition = nil; return }
        if !tr.started {
            tr.started = true
            tr.animation.startTime = time
            transition = tr
        }
        let target = transitionTarget(tr, at: time)
        guard !tr.animation.isFinished(at: time) else {
            presentedTransition = nil
            transition = nil
            if tr.phase == .closing { onClosed?() }
            return
        }
        presentedTransition = tr.animation.presented(at: time, target: target)
    }

    /// How fast photo `i`'s displayed frame changes at `time` (page, zoom and pan), points per second.
    func displayedVelocity(of i: Int, at time: Double) -> AttributeVelocity {
        let size = restSize(of: i)
        let zoomed = i == zoomIndex
        let dz = zoomed ? zoomValue.velocity(at: time) : 0
        let dOffset = zoomed ? contentVelocity(at: time) : .zero
        let dShift = -pager.velocity(at: time).x
        let dw = size.width * dz, dh = size.height * dz
        return AttributeVelocity(center: Point(x: dShift - dOffset.x + dw / 2, y: -dOffset.y + dh / 2), width: dw, height: dh)
    }

    /// Stops paging, panning, zooming and touchpad sequences where they are at `time`.
    func stopMotions(at time: Double) {
        dragging = nil
        preciseTarget = nil
        lastPreciseScrollTime = nil
        pager.scroll(to: pager.offset(at: time), animated: false, time: time)
        freezeZoom(at: time)
        panner.scroll(to: panner.offset(at: time), animated: false, time: time)
    }
}
