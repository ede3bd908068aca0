import Host
import StackEngine

/// Zoom and pan. The zoom of one photo (`zoomIndex`) is an animated number (the reflow spring, retargeted from its
/// value and speed at every notch or key); the photo's content offset in `area` moves with the same timing towards
/// the offset that keeps the image point under the anchor where it is. Both are affine in the same progress, so the
/// anchored point stays under the pointer through the whole animation, not only at its end. At rest the offset
/// belongs to `panner`, a `ScrollController` whose content is the photo at its zoom: drags pan with momentum and
/// rubber-band at the photo's edges, exactly like any scrolled content. A photo smaller than `area` along an axis is
/// centred on it (content insets).
extension PhotoScreen {
    /// Timing of a zoom step: the reflow spring (critically damped, response 0.35 s, done at 0.51 s).
    static let zoomOptions = AnimationOptions.reflow

    /// True when the shown photo is (or is going to be) magnified past its default view.
    var isZoomed: Bool {
        zoomIndex == index && (zoomValue.target > 1.001 || zoomValue.value(at: time) > 1.001)
    }

    /// The largest zoom: 8 times the default, or twice 100 %.
    var maxZoom: Double { max(8, actualSizeZoom * 2) }

    /// The panner's geometry for photo `zoomIndex` at `zoom`: viewport `area`, content the photo at that zoom,
    /// centred (whole device pixels) along an axis where it is smaller than the area.
    func panGeometry(zoom z: Double) -> ScrollGeometry {
        let a = area, s = restSize(of: zoomIndex)
        let w = s.width * z, h = s.height * z
        let left = max(0, ((a.width - w) / 2 * scale).rounded() / scale), top = max(0, ((a.height - h) / 2 * scale).rounded() / scale)
        return ScrollGeometry(viewportSize: a.size, contentSize: Size(width: w, height: h),
                              contentInset: EdgeInsets(top: top, left: left, bottom: max(0, a.height - h - top), right: max(0, a.width - w - left)),
                              axes: [.horizontal, .vertical])
    }

    /// The zoomed photo's content offset at `time`, points (the image's top-left is at `area`'s origin minus it).
    func contentOffset(at time: Double) -> Point {
        if let m = panMotion { return Point(x: m.x.value(at: time), y: m.y.value(at: time)) }
        return panner.offset(at: time)
    }

    /// Its velocity, points per second.
    func contentVelocity(at time: Double) -> Point {
        if let m = panMotion { return Point(x: m.x.velocity(at: time), y: m.y.velocity(at: time)) }
        return panner.velocity(at: time)
    }

    /// A touchpad pinch (XInput 2.4): the zoom follows the fingers' spread from the zoom at the gesture's start,
    /// about the gesture's centre, each update retargeting the zoom animation.
    func pinch(_ p: PinchEvent, at time: Double) -> Bool {
        switch p.phase {
        case .began:
            pinchStartZoom = zoomIndex == index ? zoomValue.target : 1
        case .changed:
            guard let z0 = pinchStartZoom, p.scale > 0 else { return false }
            setZoom(z0 * p.scale, about: Point(x: p.x, y: p.y), at: time)
        case .ended, .cancelled:
            pinchStartZoom = nil
        }
        return true
    }

    /// Multiplies the zoom the shown photo is going to by `factor`, about `anchor` (window points), at `time`.
    func zoom(by factor: Double, about anchor: Point, at time: Double) {
        let from = zoomIndex == index ? zoomValue.target : 1
        setZoom(from * factor, about: anchor, at: time)
    }

    /// Zooms the shown photo to `newZoom` (clamped to 1…`maxZoom`), keeping the image point under `anchor` (window
    /// points) in place, animated from `time`.
    public func setZoom(_ newZoom: Double, about anchor: Point, at time: Double) {
        guard width > 0, !album.photos.isEmpty else { return }
        if zoomIndex != index { takeZoom(at: time) }
        var z = min(maxZoom, max(1, newZoom))
        if abs(z - 1) < 1e-4 { z = 1 }
        if dragging == .pan {
            dragging = nil
            panner.scroll(to: panner.offset(at: time), animated: false, time: time)   // ends the drag where it is
        }
        let a = area
        animateZoom(to: z, anchor: Point(x: anchor.x - pageShift(of: index, at: time) - a.minX, y: anchor.y - a.minY), at: time)
        requestImages()
    }

    /// Animates the zoom of photo `zoomIndex` to `z` from `time`, the image point at `anchor` (points from `area`'s
    /// origin, the photo's page unshifted) staying there.
    func animateZoom(to z: Double, anchor: Point, at time: Double) {
        let z0 = zoomValue.value(at: time), vz = zoomValue.velocity(at: time)
        let o0 = contentOffset(at: time), vo = contentVelocity(at: time)
        let s = restSize(of: zoomIndex)
        let u = Point(x: (anchor.x + o0.x) / (s.width * z0), y: (anchor.y + o0.y) / (s.height * z0))
        let target = panGeometry(zoom: z).clamped(Point(x: u.x * s.width * z - anchor.x, y: u.y * s.height * z - anchor.y))
        if abs(z - z0) < 1e-9, vz == 0, target == o0, vo == .zero, panMotion == nil { return }
        zoomValue.animate(from: z0, velocity: vz, to: z, options: Self.zoomOptions, at: time)
        var x = AnimatedScalar(o0.x), y = AnimatedScalar(o0.y)
        x.animate(from: o0.x, velocity: vo.x, to: target.x, options: Self.zoomOptions, at: time)
        y.animate(from: o0.y, velocity: vo.y, to: target.y, options: Self.zoomOptions, at: time)
        panMotion = (x, y)
    }

    /// Double click: back to the default view when zoomed; else to 100 % (a large photo), or to fill the area (a
    /// small one shown at 100 %), or twice the size.
    func toggleZoom(about point: Point, at time: Double) {
        if let t = preciseTarget { endPreciseScroll(t, at: time) }
        if dragging == .page { dragging = nil; pager.pointerUp(at: point, time: time) }
        if isZoomed { setZoom(1, about: point, at: time); return }
        let a = area, s = restSize(of: index)
        let fill = min(a.width / s.width, a.height / s.height)
        let z = actualSizeZoom > 1.01 ? actualSizeZoom : fill > 1.01 ? fill : 2
        setZoom(z, about: point, at: time)
    }

    /// The photo sliding away goes back to its default view while it slides (about its centre).
    func unzoomSlidingPhoto(at time: Double) {
        if dragging == .pan { dragging = nil; panner.scroll(to: panner.offset(at: time), animated: false, time: time) }
        if let t = preciseTarget, t == .pan { endPreciseScroll(t, at: time) }
        let a = area
        animateZoom(to: 1, anchor: Point(x: a.width / 2, y: a.height / 2), at: time)
    }

    /// The shown photo takes the zoom over (the one that slid away is put at its default view).
    func takeZoom(at time: Double) {
        zoomValue.set(1)
        panMotion = nil
        zoomIndex = index
        restSizeInUse = restSize(of: index)
        panner.setGeometry(panGeometry(zoom: 1), time: time)
        panner.scroll(to: restingOffset(size: restSizeInUse), animated: false, time: time)
    }

    /// Stops a zoom animation where it is now (a press, a touchpad pan): the panner takes the offset over.
    func freezeZoom(at time: Double) {
        guard panMotion != nil || zoomValue.isMoving(at: time) else { return }
        let z = zoomValue.value(at: time), o = contentOffset(at: time)
        zoomValue.set(z)
        panMotion = nil
        panner.setGeometry(panGeometry(zoom: z), time: time)
        panner.setOffset(o)
    }

    /// Update phase: a finished zoom hands its offset to the panner; a photo that slid away gives the zoom back to
    /// the one shown; a new resting size (the photo's size became known) re-sizes the panner.
    func updateZoom(at time: Double) {
        zoomValue.settle(at: time)
        if let m = panMotion, !zoomValue.isMoving(at: time), !m.x.isMoving(at: time), !m.y.isMoving(at: time) {
            panMotion = nil
            panner.setGeometry(panGeometry(zoom: zoomValue.target), time: time)
            panner.setOffset(Point(x: m.x.target, y: m.y.target))
        }
        if zoomIndex != index, panMotion == nil, abs(zoomValue.target - 1) < 1e-9 { takeZoom(at: time) }
        let size = restSize(of: zoomIndex)
        if size != restSizeInUse, panMotion == nil {
            restSizeInUse = size
            panner.setGeometry(panGeometry(zoom: zoomValue.target), time: time)
        }
    }

    /// The window changed size: a zoom in progress jumps to its end and the panner takes the new area.
    func resizeZoom(at time: Double) {
        let o = panMotion.map { Point(x: $0.x.target, y: $0.y.target) } ?? panner.offset(at: time)
        zoomValue.set(zoomValue.target)
        panMotion = nil
        restSizeInUse = restSize(of: zoomIndex)
        panner.setGeometry(panGeometry(zoom: zoomValue.target), time: time)
        panner.setOffset(o)
    }

    /// Back to the default view at once (the photo itself changed).
    func resetZoom() {
        zoomValue.set(1)
        panMotion = nil
        zoomIndex = index
        restSizeInUse = .zero
    }
}
