import Canvas
import Foundation
import XCTest

/// A new surface's pages are written when it is made, not first read by cairo's drawing: a page read first is the
/// kernel's shared zero page, and the write that follows is a copy-on-write fault that flushes the TLB of every CPU
/// running one of the app's threads (an inter-processor interrupt per 4 KB page). That was half of a card builder's
/// time in a warm launch (perf). Drawing over a new surface takes (almost) no page fault now.
final class ImageSurfacePageFaultTests: XCTestCase {
    /// Minor page faults of the calling thread so far.
    private func threadMinorFaults() -> Int {
        var usage = rusage()
        getrusage(1 /* RUSAGE_THREAD */, &usage)
        return usage.ru_minflt
    }

    func testDrawingOverANewSurfaceDoesNotFaultItsPagesIn() throws {
        // 36 MB: above glibc's largest mmap threshold, so its pages are fresh from the kernel in every run.
        let side = 3000
        let surface = try ImageSurface(pixelWidth: side, pixelHeight: side)
        let pages = side * side * 4 / 4096
        let ctx = CairoContext(surface: surface)
        let before = threadMinorFaults()
        // What a card's build does first: translucent, antialiased shapes composited OVER (read, then written).
        ctx.setColor(RGBA(0, 0, 0, 0.3))
        ctx.newPath()
        ctx.roundedRectangle(CanvasRect(x: 0.5, y: 0.5, width: Double(side) - 1, height: Double(side) - 1), radius: 12)
        ctx.fill()
        ctx.paint(alpha: 1)
        let faults = threadMinorFaults() - before
        XCTAssertLessThan(faults, pages / 20, "\(faults) page faults drawing over a new surface of \(pages) pages")
    }
}
