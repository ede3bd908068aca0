import Canvas
import CCairo

extension X11Window {
    /// Windows of at least this many device pixels get a whole window height of spare rows (4K at scale 2 has 8.3 M);
    /// smaller ones a quarter of it.
    static let spareRowsFromPixels = 4_000_000

    /// The client-side back buffer for a window of `width` × `height` device pixels: an image surface (MIT-SHM when
    /// the server has it) in the window's format. From `spareRowsFromPixels` up it is twice the window's height, a
    /// scrolling view starting in its middle (`CairoContext.setScrollingView`): a frame made by moving the last one
    /// (scroll-copy) then moves the view instead of the pixels — at 3840×2160 the move of 33 MB that was two thirds of
    /// such a frame's drawing — except when the view reaches the buffer's end, about once per window height scrolled.
    /// Smaller windows get a quarter of their height spare (2 MB at 1920×1080): the 8 MB move that was a fifth of every
    /// scrolling frame's UI time there (perf, albums-screen fling) happens once per quarter height scrolled instead.
    static func makeBackBuffer(similarTo window: OpaquePointer, width: Int, height: Int) -> OpaquePointer {
        let spare = width * height >= spareRowsFromPixels ? height : height / 4
        let surface = cairo_surface_create_similar_image(window, CAIRO_FORMAT_RGB24, Int32(width), Int32(height + spare))!
        if spare > 0 { CairoContext.setScrollingView(of: surface, viewHeight: height, origin: spare / 2) }
        return surface
    }
}
