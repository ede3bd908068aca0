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

    /// A note is drawn over the content: the empty-folder note, the scanning hint, or that watching is limited.
    var showsNote: Bool { library.isScanning || library.albums.isEmpty || showsWatchNote }

    /// Watching is limited and the user has not looked again (F5) since it was said.
    var showsWatchNote: Bool { library.watchLimit != nil && library.updatesApplied == updatesWhenWatchNoteWasShown }

    /// The empty-folder note, the scanning hint, or the note that watching is limited.
    func drawNotes(in ctx: CairoContext) {
        let w = viewportWidth, h = viewportHeight
        let folder = library.root.lastComponent
        if !library.isScanning && library.albums.isEmpty {
            NoteDrawing.pill("No photos in \(folder) — put photos in it or in its sub-folders (one folder per album), "
                             + "or open another folder: photostack FOLDER",
                             in: ctx, centerX: w / 2, centerY: h / 2, maxWidth: min(w - 40, 520), font: "Sans 14")
        } else if let limit = library.watchLimit, showsWatchNote, !library.isScanning {
            NoteDrawing.pill("\(limit.description.prefix(1).uppercased())\(limit.description.dropFirst()) — F5 looks again",
                             in: ctx, centerX: w / 2, centerY: h - 32, maxWidth: min(w - 40, 560))
        } else if library.isScanning {
            let text = library.albums.isEmpty
                ? "Looking for photos in \(folder)…"
                : "Scanning \(folder)… \(library.photosFound) photos in \(library.albums.count) albums so far"
            NoteDrawing.pill(text, in: ctx, centerX: w / 2, centerY: library.albums.isEmpty ? h / 2 : h - 32,
                             maxWidth: min(w - 40, 520))
        }
    }
}
