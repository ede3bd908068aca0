import Canvas
import Foundation
import Host
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// An album open at rest hides the albums screen beneath it: the stacks there ask for their photos after the album's
/// and get their cards from the builders, never from the UI thread, and have them when the album closes (issue 18: a
/// launch into an album decoded the stack's photos first and built its rotated cards in the album's first frame).
final class CoveredAlbumsScreenTests: XCTestCase {
    func testAnAlbumOpenedAtLaunchLeavesTheStacksBeneathToTheBuilders() throws {
        let clock = ManualClock()
        let inbox = Inbox<AppMessage>()
        let host = try HeadlessHost(width: 1280, height: 800, scale: 1, clock: clock)
        inbox.connect(wake: host.wake)
        let post: Post = { inbox.post($0) }
        let browser = BrowserScreen.make(root: PhotoPath(BrowserHarness.sampleLibrary), post: post,
                                         pipeline: ThumbnailPipeline(diskCache: nil))
        browser.photos.logsFailures = false
        browser.open(album: 0, animated: false)   // as `--open-album 0` does, before any frame
        browser.resize(width: 1280, height: 800, scale: 1, at: clock.now)
        func turn() {
            let m = inbox.take()
            if !m.isEmpty { _ = browser.receive(m, at: clock.now) }
            browser.update(at: clock.now)
            browser.draw(in: CairoContext(surface: host.surface), width: 1280, height: 800, scale: 1)
        }
        func wait(_ what: String, until condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(20)
            turn()
            while !condition() && Date() < deadline {
                host.waitForWake(timeout: 0.05)
                clock.advance(by: 1.0 / 60)
                turn()
            }
            XCTAssertTrue(condition(), what)
        }
        wait("the album opens and shows its photos") { browser.top is AlbumScreen && browser.isReadyForSnapshot }
        XCTAssertTrue(browser.albums.isCovered, "the album at rest hides the albums screen")
        wait("the stacks beneath get their cards") { browser.albums.visiblePhotosAreSettled() }
        let counters = browser.photos.builders.counters
        XCTAssertEqual(counters.builtOnUIThread, 0, "no card of the hidden stacks built on the UI thread")

        // Closing the album flies its photos back onto stacks whose cards are ready.
        _ = browser.handle(.key(KeyEvent(key: .escape, keysymName: "", text: "", modifiers: [], time: clock.now)), at: clock.now)
        wait("the albums screen shows again") { browser.top === browser.albums && !browser.isAnimating && browser.isReadyForSnapshot }
        XCTAssertFalse(browser.albums.isCovered)
        XCTAssertEqual(browser.photos.builders.counters.builtOnUIThread, 0, "the stacks' cards were built while hidden")
    }
}
