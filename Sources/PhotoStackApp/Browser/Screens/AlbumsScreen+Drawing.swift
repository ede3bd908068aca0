import Canvas
import Foundation
import StackEngine

extension AlbumsScreen {
    /// The tiled texture, scrolling with the content.
    func drawTexture(in ctx: CairoContext) {
        if background == nil { ctx.clear(to: backgroundColor) }   // the texture is opaque and covers the window
        background?.fill(CanvasRect(x: 0, y: 0, width: viewportWidth, height: viewportHeight), in: ctx,
                         deviceScale: deviceScale, originX: 0, originY: -drawnContentOffset.y)
    }

    /// Watching is limited and the user has not looked again (F5) since it was said.
    var showsWatchNote: Bool { library.watchLimit != nil && library.updatesApplied == updatesWhenWatchNoteWasShown }

    /// A note drawn over the content: its text, centre (points), wrapping width (points) and font.
    struct Note: Equatable {
        var text: String, centerX: Double, centerY: Double, maxWidth: Double, font: String
    }

    /// The empty-folder note, the scanning hint, or the note that watching is limited; nil when none shows.
    var note: Note? {
        let w = viewportWidth, h = viewportHeight
        let folder = library.root.lastComponent
        if !library.isScanning && library.albums.isEmpty {
            return Note(text: "No photos in \(folder) — put photos in it or in its sub-folders (one folder per album), "
                            + "or open another folder with Ctrl+O",
                        centerX: w / 2, centerY: h / 2, maxWidth: min(w - 40, 520), font: "Sans 14")
        } else if let limit = library.watchLimit, showsWatchNote, !library.isScanning {
            return Note(text: "\(limit.description.prefix(1).uppercased())\(limit.description.dropFirst()) — F5 looks again",
                        centerX: w / 2, centerY: h - 32, maxWidth: min(w - 40, 560), font: "Sans 13")
        } else if library.isScanning {
            let text = library.albums.isEmpty
                ? "Looking for photos in \(folder)…"
                : "Scanning \(folder)… \(library.photosFound) photos in \(library.albums.count) albums so far"
            return Note(text: text, centerX: w / 2, centerY: library.albums.isEmpty ? h / 2 : h - 32, maxWidth: min(w - 40, 520), font: "Sans 13")
        }
        return nil
    }

    func drawNotes(in ctx: CairoContext) {
        guard let n = note else { return }
        NoteDrawing.pill(n.text, in: ctx, centerX: n.centerX, centerY: n.centerY, maxWidth: n.maxWidth, font: n.font)
    }

    /// The device pixels the note covers (antialiased edge included), for scroll-copy (`overlayDeviceRects`).
    func noteDeviceRects(scale: Double) -> [DeviceRect] {
        guard let n = note else { return [] }
        let r: CanvasRect
        if let m = measuredNote, m.note == n { r = m.pill } else {
            r = NoteDrawing.pillRect(n.text, centerX: n.centerX, centerY: n.centerY, maxWidth: n.maxWidth, font: n.font)
            measuredNote = (n, r)
        }
        let x0 = Int((r.x * scale).rounded(.down)) - 1, y0 = Int((r.y * scale).rounded(.down)) - 1
        let x1 = Int(((r.x + r.width) * scale).rounded(.up)) + 1, y1 = Int(((r.y + r.height) * scale).rounded(.up)) + 1
        return [DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)]
    }
}
