import Canvas
import Foundation
import PhotoPipeline
import StackEngine

extension SlideshowScreen {
    /// Black, the photo fitted (the previous one fading out under it), and while paused a caption.
    public func draw(in ctx: CairoContext, width: Double, height: Double, scale: Double) {
        ctx.clear(to: RGBA(0, 0, 0))
        var progress = 1.0
        if let f = fade {
            progress = TimingCurve.easeInOut.progress(at: (time - f.start) / Self.fadeSeconds)
            drawPhoto(f.from, alpha: 1 - progress, in: ctx)
        }
        if let c = current { drawPhoto(c.photo, alpha: progress, in: ctx) }
        if isPaused, let c = current, let i = c.album.photos.firstIndex(where: { $0.key == c.photo.key }) {
            NoteDrawing.pill("Paused — Space resumes   ·   \(c.photo.displayName)   ·   \(i + 1) / \(c.album.photos.count)",
                             in: ctx, centerX: width / 2, centerY: height - 30, maxWidth: min(width - 40, 640),
                             font: "Sans 12", alpha: 0.9)
        }
    }

    /// The photo fitted in the window (turned by its view rotation), at `alpha`.
    func drawPhoto(_ photo: Photo, alpha: Double, in ctx: CairoContext) {
        guard alpha > 0.001 else { return }
        guard let s = photos.image(for: photo.id, pixelSize: neededPixels)?.surface else {
            if case .failed = photos.status(of: photo.id) {
                PhotoCardRenderer().draw(.broken, in: ctx, centerX: width / 2, centerY: height / 2, side: min(240, width / 3, height / 3))
            }
            return
        }
        let turns = ((quarterTurns(photo.id) % 4) + 4) % 4
        let iw = Double(turns % 2 == 0 ? s.pixelWidth : s.pixelHeight), ih = Double(turns % 2 == 0 ? s.pixelHeight : s.pixelWidth)
        let k = min(width / iw, height / ih)
        let w = iw * k, h = ih * k
        ctx.withSavedState {
            ctx.translate(width / 2, height / 2)
            ctx.rotate(Double(turns) * Double.pi / 2)
            let dw = turns % 2 == 0 ? w : h, dh = turns % 2 == 0 ? h : w
            ctx.translate(-dw / 2, -dh / 2)
            ctx.newPath()
            ctx.rectangle(CanvasRect(x: 0, y: 0, width: dw, height: dh))
            ctx.clip()
            ctx.scale(dw / Double(s.pixelWidth), dh / Double(s.pixelHeight))
            ctx.setSource(s, filter: k * scale < 0.75 ? .good : .bilinear)
            ctx.paint(alpha: alpha)
        }
    }

    public func state() -> ScreenState {
        var layout: [String: StateValue] = ["paused": .bool(isPaused), "advances": .int(advances), "fading": .bool(fade != nil),
                                            "interval": .double(interval), "scope": .string(scope == .allAlbums ? "all" : "album")]
        var photoStates: [PhotoState]?
        if let c = current {
            layout["photo"] = .string(c.photo.displayName)
            layout["album"] = .string(c.album.title)
            layout["index"] = .int(c.album.photos.firstIndex { $0.key == c.photo.key } ?? 0)
            layout["count"] = .int(c.album.photos.count)
            photoStates = [PhotoState(section: 0, item: layout["index"].flatMap { if case .int(let i) = $0 { return i } else { return nil } } ?? 0,
                                      file: c.photo.displayName, status: photos.status(of: c.photo.id), bytes: c.photo.fileSize,
                                      incomplete: photos.isIncomplete(c.photo.id))]
        }
        return ScreenState(layout: layout, photos: photoStates)
    }
}
