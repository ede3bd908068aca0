import Canvas
import PhotoPipeline
import StackEngine

/// Where photos are: the resting area, each photo's default size (fitted, or 100 % when smaller than the view), its
/// rectangle at a zoom, pan and page, and the images that need.
extension PhotoScreen {
    /// Where a photo rests: the window minus the margins and the caption, points.
    var area: Rect {
        Rect(x: Self.margin, y: Self.margin, width: max(1, width - 2 * Self.margin),
             height: max(1, height - Self.margin - Self.captionHeight))
    }

    /// The photo's size as displayed, pixels; nil until a load reported it.
    func pixelSize(of photo: Photo) -> Size? {
        let s = originalSize(of: photo)
        return s.width > 0 && s.height > 0 ? s : nil
    }

    /// Points per image pixel of photo `i` at its default view: fitted into `area`, but never enlarged past one image
    /// pixel per device pixel (a small photo shows at 100 %).
    func baseScale(of i: Int) -> Double? {
        guard let px = pixelSize(of: album.photos[i]) else { return nil }
        let a = area
        return min(a.width / px.width, a.height / px.height, 1 / scale)
    }

    /// Photo `i`'s size at its default view, points, a whole number of device pixels each way (3:2 fitted until
    /// its size is known).
    func restSize(of i: Int) -> Size {
        let a = area
        guard let px = pixelSize(of: album.photos[i]), let k = baseScale(of: i) else {
            let w = min(a.width, a.height * 1.5)
            return Size(width: w, height: w / 1.5)
        }
        let w = max(1, (px.width * k * scale).rounded()), h = max(1, (px.height * k * scale).rounded())
        return Size(width: w / scale, height: h / scale)
    }

    /// Device pixels per image pixel of photo `i` at `zoom` (1 = 100 %).
    func pixelScale(of i: Int, zoom: Double) -> Double {
        guard let px = pixelSize(of: album.photos[i]) else { return zoom }
        return restSize(of: i).width * zoom * scale / px.width
    }

    /// The zoom at which one image pixel of the shown photo covers one device pixel.
    var actualSizeZoom: Double {
        let k = pixelScale(of: index, zoom: 1)
        return k > 0 ? 1 / k : 1
    }

    /// How far photo `i` is moved sideways by the pager at `time`, points (0 for the page at rest).
    func pageShift(of i: Int, at time: Double) -> Double {
        Double(i) * width - pager.offset(at: time).x
    }

    /// Photo `i`'s rectangle in the window at `time` (its zoom, pan and page; not the transition), points.
    func displayedRect(of i: Int, at time: Double) -> Rect {
        let size = restSize(of: i), a = area
        let z = i == zoomIndex ? zoomValue.value(at: time) : 1
        let o = i == zoomIndex ? contentOffset(at: time) : restingOffset(size: size)
        return Rect(x: a.minX - o.x + pageShift(of: i, at: time), y: a.minY - o.y, width: size.width * z, height: size.height * z)
    }

    /// The content offset that centres a photo of `size` points at its default view in `area`, whole device pixels.
    func restingOffset(size: Size) -> Point {
        let a = area
        return Point(x: -((a.width - size.width) / 2 * scale).rounded() / scale, y: -((a.height - size.height) / 2 * scale).rounded() / scale)
    }

    /// The photos meeting the window at `time` (a page and the one sliding in), in drawing order.
    func visiblePages(at time: Double) -> [Int] {
        guard width > 0, !album.photos.isEmpty else { return [] }
        let x = pager.offset(at: time).x / width
        let lo = max(0, Int(x.rounded(.down))), hi = min(album.photos.count - 1, Int(x.rounded(.up)))
        guard lo <= hi else { return [min(max(0, index), album.photos.count - 1)] }
        return (lo...hi).filter { abs(pageShift(of: $0, at: time)) < width }
    }

    /// Device pixels needed for the longest side of photo `i` at `zoom` (capped at 4096).
    func neededPixels(of i: Int, zoom: Double = 1) -> Int {
        let s = restSize(of: i)
        return min(4096, Int((max(s.width, s.height) * zoom * scale).rounded(.up)))
    }

    /// Device pixels needed for the shown photo at the zoom it is going to.
    var neededPixels: Int { neededPixels(of: index, zoom: zoomIndex == index ? max(1, zoomValue.target) : 1) }

    /// Loads the shown photo at the size it is going to be shown, its neighbours at their default size.
    func requestImages() {
        guard width > 0, !album.photos.isEmpty else { return }
        photos.want(photo, pixelSize: neededPixels, priority: .topOfVisibleStack)
        for (rank, j) in [index + 1, index - 1].enumerated() where j >= 0 && j < album.photos.count {
            photos.want(album.photos[j], pixelSize: neededPixels(of: j), priority: .prefetch, order: rank)
        }
    }

    /// Update phase: keeps the surfaces of the photos shown and their neighbours, and asks for their renderings at
    /// the exact device size they rest at (the shown photo last: it is made first).
    func prepareImages() {
        guard width > 0, !album.photos.isEmpty else { return }
        for j in [index - 1, index + 1, index] where j >= 0 && j < album.photos.count {
            let p = album.photos[j]
            photos.markInUse(p.id, pixelSize: neededPixels(of: j))
            if j == index { photos.markInUse(p.id, pixelSize: neededPixels) }
            if let (key, source) = renderingRequest(for: j) { photos.renderings.want(key, source: source) }
        }
    }

    /// The rendering photo `i` needs at its default view and the surface to make it from; nil when the loaded
    /// surface already has that size unturned (drawn as it is) or is not big enough yet.
    func renderingRequest(for i: Int) -> (PhotoRenderings.Key, ImageSurface)? {
        let p = album.photos[i], size = restSize(of: i)
        guard pixelSize(of: p) != nil, let item = photos.image(for: p.id, pixelSize: neededPixels(of: i)) else { return nil }
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        let s = item.surface, t = turns(of: p)
        // The loaded surface's size as shown (sides swapped for a view-only quarter turn).
        let sw = t % 2 == 0 ? s.pixelWidth : s.pixelHeight, sh = t % 2 == 0 ? s.pixelHeight : s.pixelWidth
        guard sw >= w, sh >= h, t != 0 || sw != w || sh != h else { return nil }
        return (PhotoRenderings.Key(photo: p.id, serial: item.serial, turns: t, width: w, height: h), s)
    }

    /// True while photo `i`'s exact rendering is wanted but not made.
    func isRenderingPending(_ i: Int) -> Bool {
        guard i >= 0, i < album.photos.count, let (key, _) = renderingRequest(for: i) else { return false }
        return photos.renderings.rendering(key) == nil
    }
}

extension PhotoScreen: RequestsImages {}
