import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// While a note shows over the albums screen (the scan's progress, limited watching) its frames are still made by
/// scroll-copy: the pixels under the note are put back before the frame moves, so an append of albums below the window
/// or a scroll redraws what changed, not the whole window (every frame of a 10^5-photo scan was a whole one, on the
/// cores the scan needs) — and the frame is the one drawn whole.
final class ScrollCopyUnderNoteTests: XCTestCase {
    func testFramesUnderTheScanningNoteAreScrollCopiesEqualToWholeFrames() throws {
        let w = 1280.0, h = 800.0
        let inbox = Inbox<AppMessage>()
        let post: Post = { inbox.post($0) }
        let arrived = DispatchSemaphore(value: 0)
        inbox.connect { arrived.signal() }
        let photos = PhotoService(post: post, workerCount: 1) { _ in
            .success(LoadedImage(image: PixelImage(width: 32, height: 24) { x, y in 0xFF00_0000 | UInt32(x * 8) | UInt32(y * 8) << 8 },
                                 source: .diskThumbnail, originalWidth: 32, originalHeight: 24))
        }
        photos.logsFailures = false
        let library = LibraryModel(root: PhotoPath("/library"))   // not started: the test delivers the scan's events
        let browser = BrowserScreen(library: library, photos: photos, post: post)
        let clock = ManualClock()
        browser.resize(width: w, height: h, scale: 1, at: clock.now)
        let albums = browser.albums
        var next = 0
        func found(_ count: Int) {
            for _ in 0..<count { post(.library(.scan(.album(Album.scanned(next))))); next += 1 }
        }
        func turn(advance: Double = 1.0 / 60) {
            clock.advance(by: advance)
            let m = inbox.take()
            if !m.isEmpty { _ = browser.receive(m, at: clock.now) }
            browser.update(at: clock.now)
        }
        let kept = try ImageSurface(pixelWidth: Int(w), pixelHeight: Int(h))
        var copied = 0
        /// Draws the turn's frame into the kept surface (scroll-copy when it can) and whole into a new one: the same.
        func frame(_ what: String) throws {
            browser.draw(in: CairoContext(surface: kept), width: w, height: h, scale: 1)
            if albums.lastFrameRedrawnFraction < 0.5 { copied += 1 }
            let record = albums.scrollCopyRecord
            let whole = try ImageSurface(pixelWidth: Int(w), pixelHeight: Int(h))
            browser.draw(in: CairoContext(surface: whole), width: w, height: h, scale: 1)
            albums.scrollCopyRecord = record
            XCTAssertEqual(kept.differingPixels(from: whole), 0, what)
        }

        // The first albums, with their thumbnails and cards, the scan still running.
        found(30)
        let deadline = Date().addingTimeInterval(20)
        repeat {
            turn()
            if !albums.isAnimating { _ = arrived.wait(timeout: .now() + 0.05) }   // thumbnails and cards arrive
        } while (!albums.showsCompleteWindow || albums.isAnimating) && Date() < deadline
        XCTAssertTrue(albums.showsCompleteWindow, "the first window of albums, loaded")
        XCTAssertTrue(library.isScanning)
        XCTAssertNotNil(albums.note, "the scanning note shows")
        turn(advance: 1)   // the albums' arrival has settled
        try frame("first frame")

        // The scan finds more albums (below the window) and the note's count changes: frames redraw little.
        for round in 0..<4 {
            found(12)
            turn(advance: 0.05)
            while albums.isAnimating { turn() }
            try frame("after \(next) albums (round \(round))")
        }
        // A scroll under the note: the note stays where it is in the window, the content moves beneath it.
        albums.collectionView.setContentOffset(Point(x: 0, y: 90), animated: false)
        turn()
        try frame("scrolled by 90 pt")
        albums.collectionView.setContentOffset(Point(x: 0, y: 37), animated: false)
        turn()
        try frame("scrolled back to 37 pt")
        XCTAssertGreaterThanOrEqual(copied, 5, "frames under the note are scroll-copies")
    }
}
