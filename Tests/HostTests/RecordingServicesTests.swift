import Canvas
import XCTest
@testable import Host

/// The headless host's services record what the app asks and answer as a cooperative desktop would, through the
/// next turn's events.
final class RecordingServicesTests: XCTestCase {
    final class Client: WindowClient {
        var events: [HostEvent] = []
        func takeBackgroundResults(at time: Double) {}
        func handle(_ event: HostEvent, at time: Double) { events.append(event) }
        var needsFrame: Bool { false }
        func update(at time: Double) {}
        func draw(in context: CairoContext, width: Double, height: Double, scale: Double) {}
        func didBecomeIdle() {}
        var nextDeadline: Double? { nil }
        var windowTitle: String { "" }
        var cursor: CursorShape { .arrow }
        var shouldQuit: Bool { false }
    }

    func testRequestsAreRecordedAndAnsweredAtTheNextTurn() throws {
        let host = try HeadlessHost(width: 100, height: 100, scale: 1)
        let s = host.services, client = Client()
        s.requestFullscreen(true)
        s.offerClipboard(ClipboardOffer(formats: [ClipboardOffer.Format(mimeType: "text/uri-list", bytes: Array("x".utf8)),
                                                  ClipboardOffer.Format(mimeType: "image/png", bytes: nil)]))
        XCTAssertNotNil(s.requestClipboard("text/uri-list"))
        let png = try XCTUnwrap(s.requestClipboard("image/png"))
        XCTAssertNil(s.requestClipboard("image/jpeg"), "not offered")
        host.turn(client)
        guard client.events.count == 2, case .fullscreenChanged(true) = client.events[0],
              case .clipboardRequest(let r) = client.events[1] else { return XCTFail("\(client.events)") }
        XCTAssertEqual(r, ClipboardRequest(id: png, mimeType: "image/png"))
        s.answerClipboardRequest(png, data: [1, 2, 3])
        XCTAssertEqual(s.clipboardAnswers[png] ?? nil, [1, 2, 3])
        s.loseClipboard()
        host.turn(client)
        guard case .clipboardLost? = client.events.last else { return XCTFail("\(client.events)") }
        XCTAssertEqual(s.requests, [.fullscreen(true), .offerClipboard(["text/uri-list", "image/png*"]),
                                    .answerClipboard(id: png, byteCount: 3)])
    }
}
