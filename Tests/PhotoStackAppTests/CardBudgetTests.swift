import Canvas
import Foundation
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// What the card path holds while the screen moves fast (issue 13: paging through 5,000 albums): cards a frame no
/// longer draws go at the end of its update (beyond the budget), and the builders stay only a few cards ahead of a
/// slow UI thread.
final class CardBudgetTests: XCTestCase {
    func key(_ n: Int) -> CardKey {
        CardKey(unrotatedPhoto: PhotoPath("/album/photo-\(n).jpg"), content: .loading, side: 100, deviceScale: 1)
    }

    func card() throws -> CardRendering { .unrotated(try CachedPhotoCard(.loading, side: 100, deviceScale: 1)) }

    /// Frame 1 shows cards 0–3; frame 2 has scrolled on and shows 4–7. Once frame 2's update has marked its cards, the
    /// cards of frame 1 are gone (a budget of one card's bytes), not kept beside the new ones until frame 3 starts.
    func testCardsTheFrameDoesNotDrawGoAtTheEndOfItsUpdate() throws {
        let one = try card().bytes
        let cache = CardCache(capacity: one)
        cache.beginFrame()
        for n in 0..<4 { cache.insert(try card(), for: key(n)) }
        cache.endUpdate()
        XCTAssertEqual(cache.count, 4, "the frame's own cards stay, whatever the budget")

        cache.beginFrame()
        for n in 4..<8 { cache.insert(try card(), for: key(n)) }
        XCTAssertEqual(cache.count, 8, "during the update both frames' cards exist")
        cache.endUpdate()
        XCTAssertEqual(cache.count, 5, "frame 2's four cards and one of frame 1's (the budget)")
        XCTAssertEqual(cache.totalBytes, 5 * one)
        for n in 4..<8 { XCTAssertTrue(cache.contains(key(n))) }
        XCTAssertTrue(cache.contains(key(3)), "the most recently used of the others stays")
    }

    /// The UI thread takes no finished card (its turns are slow): with a limit of 2, two of six builds run and the
    /// rest wait; each card taken lets one more be built.
    func testBuildersStayTheLimitAheadOfTheUIThread() throws {
        let posted = NSLock()
        nonisolated(unsafe) var messages: [AppMessage] = []
        let builders = CardBuilders(workerCount: 2) { m in posted.withLock { messages.append(m) } }
        defer { builders.shutdown() }
        builders.undeliveredLimit = 2
        for n in 0..<6 {
            builders.submit(CardBuilders.Input(key: key(n), content: .loading, side: 100, pixelsPerPoint: 1, rotation: 0, covered: 0),
                            urgent: false)
        }
        builders.waitUntilIdle()
        XCTAssertEqual(builders.counters.built, 2)
        XCTAssertEqual(builders.finishedCount, 2)
        XCTAssertEqual(builders.queuedCount, 4, "the others wait")

        // The UI thread's turn takes one card (the inbox delivers it): one more is built.
        let first = try XCTUnwrap(posted.withLock { messages.first })
        guard case .card(let built) = first else { return XCTFail("a card message") }
        builders.delivered(built.key)
        builders.waitUntilIdle()
        XCTAssertEqual(builders.counters.built, 3)
        XCTAssertEqual(builders.finishedCount, 2)

        // No limit: the rest are built.
        builders.undeliveredLimit = .max
        builders.waitUntilIdle()
        XCTAssertEqual(builders.counters.built, 6)
        XCTAssertEqual(builders.queuedCount, 0)
    }
}
