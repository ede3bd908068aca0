import Foundation
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 15 on the albums screen: resizing reflows the stacks and the content offset with one timing, so the album at
/// the top stays there and moves one way on screen; resizes in quick succession retarget the reflow; the album the user
/// was looking at when the first resize began stays at the top through any number of them.
final class ReflowAnchorTests: XCTestCase {
    /// A portrait browser on the sample library (12 albums, 2 columns) whose photos load instantly, scrolled so album
    /// `anchor` (row 2, left) is the first whose title and most of whose stack are in the window (the one any anchor
    /// rule picks, the old title-based one included).
    private func portraitBrowser(anchor: Int = 4) -> BrowserHarness {
        let h = BrowserHarness(width: 800, height: 1000) { post in
            PhotoService(post: post, workerCount: 1) { _ in AlbumLoadPriorityTests.grayImage }
        }
        let albums = h.browser.albums
        albums.collectionView.contentOffset = Point(x: 0, y: albums.stackLayout.frameForTitle(section: anchor - 2).maxY + 1)
        h.settle()
        XCTAssertEqual(topAlbum(h), anchor)
        return h
    }

    /// The offset that puts album `section`'s stack at the top of the window, points.
    private func topOffset(of section: Int, in albums: AlbumsScreen) -> Double {
        albums.stackLayout.frameForStack(section: section).minY - albums.stackLayout.effectiveInsets.top
    }

    /// The first album whose stack is at least half below the top of the window (the one the albums screen anchors).
    private func topAlbum(_ h: BrowserHarness) -> Int? {
        let albums = h.browser.albums, top = albums.collectionView.contentOffset.y
        return (0..<albums.albumCount).first { albums.stackLayout.frameForStack(section: $0).midY > top }
    }

    /// Where album `section`'s top card is drawn now (its presented frame in window points), or nil.
    private func drawnStack(_ h: BrowserHarness, _ section: Int) -> Point? {
        let albums = h.browser.albums
        guard let a = albums.collectionView.cellForItem(at: StackEngine.IndexPath(item: 0, section: section))?.attributes else { return nil }
        return Point(x: a.center.x - albums.collectionView.contentOffset.x, y: a.center.y - albums.collectionView.contentOffset.y)
    }

    private func resize(_ h: BrowserHarness, _ width: Double, _ height: Double) {
        h.browser.resize(width: width, height: height, scale: 1, at: h.clock.now)
    }

    /// Portrait → landscape: the anchor's stack moves monotonically on screen, frame by frame, in x and in y (the old
    /// code moved the cards with one curve and the offset with another: the stack swung ~80 pt up and down).
    func testTheAnchorStackMovesOneWayOnScreenDuringTheReflow() throws {
        let h = portraitBrowser()
        let before = try XCTUnwrap(drawnStack(h, 4))
        resize(h, 1400, 900)
        var path = [before]
        for _ in 0..<90 {
            h.frame(advance: 1.0 / 120)
            path.append(try XCTUnwrap(drawnStack(h, 4), "the anchor stays live"))
        }
        XCTAssertFalse(h.browser.albums.collectionView.isAnimating)
        for axis in [\Point.x, \Point.y] {
            let steps = zip(path, path.dropFirst()).map { $1[keyPath: axis] - $0[keyPath: axis] }
            let up = steps.filter { $0 > 1e-6 }.count, down = steps.filter { $0 < -1e-6 }.count
            XCTAssertTrue(up == 0 || down == 0, "moves both ways on screen (\(up) up, \(down) down): \(path.map { $0[keyPath: axis] })")
        }
        XCTAssertEqual(h.browser.albums.collectionView.contentOffset.y, topOffset(of: 4, in: h.browser.albums), accuracy: 0.5,
                       "its row at the top")
    }

    /// Landscape and back, twice, each 0.1 s into the last reflow, then ten more resizes a frame apart: the album the
    /// user was looking at stays the one at the top (the old code re-anchored from mid-animation offsets: four albums
    /// further down after one round trip).
    func testQuickResizesKeepTheSameAlbumAtTheTop() {
        let h = portraitBrowser()
        for (w, hgt) in [(1400.0, 900.0), (800, 1000), (1400, 900), (800, 1000)] {
            resize(h, w, hgt)
            for _ in 0..<6 { h.frame() }
        }
        h.settle()
        XCTAssertEqual(topAlbum(h), 4)
        XCTAssertEqual(h.browser.albums.collectionView.contentOffset.y, topOffset(of: 4, in: h.browser.albums), accuracy: 0.5)
        for i in 0..<10 {
            resize(h, 800 + Double(i % 3) * 300, 1000 - Double(i % 2) * 100)
            h.frame()
        }
        h.settle()
        XCTAssertEqual(topAlbum(h), 4)
        resize(h, 800, 1000)
        h.settle()
        XCTAssertEqual(h.browser.albums.collectionView.contentOffset.y, topOffset(of: 4, in: h.browser.albums), accuracy: 0.5,
                       "the same album at the top after twelve resizes")
    }

    /// After the user scrolls, the next resize anchors the album at the top then, not the old one.
    func testScrollingChoosesANewAnchor() {
        let h = portraitBrowser()
        resize(h, 1400, 900)
        h.settle()
        let albums = h.browser.albums
        albums.collectionView.setContentOffset(Point(x: 0, y: topOffset(of: 6, in: albums)), animated: true, at: h.clock.now)
        h.settle()
        XCTAssertEqual(topAlbum(h), 6)
        resize(h, 800, 1000)
        h.settle()
        XCTAssertEqual(topAlbum(h), 6)
    }
}
