import Canvas
import Foundation

/// The headless host's services: every request is recorded (tests assert what the app asked), and the
/// answers a cooperative desktop would give come back as events at the next turn — fullscreen is granted, a
/// clipboard request can be made with `requestClipboard(_:)`, popups are placed where asked. Nothing is started:
/// `spawn` is only recorded.
public final class RecordingServices: HostServices {
    /// One request, in order.
    public enum Request: Equatable {
        case fullscreen(Bool)
        /// A popup at this frame (window points) with an image of this many device pixels.
        case showPopup(CanvasRect, pixelWidth: Int, pixelHeight: Int)
        case hidePopup
        /// The clipboard taken with these formats (MIME types; deferred ones marked with a trailing "*").
        case offerClipboard([String])
        case answerClipboard(id: Int, byteCount: Int?)
        case resetScreenSaver
        case spawn(String, [String])
    }

    /// Every request so far.
    public private(set) var requests: [Request] = []
    /// The popup shown now: its frame (window points) and image.
    public private(set) var popup: (frame: CanvasRect, image: ImageSurface)?
    /// The clipboard's offer while the app owns it.
    public private(set) var clipboard: ClipboardOffer?
    /// Deferred clipboard answers by request id (nil data: refused).
    public private(set) var clipboardAnswers: [Int: [UInt8]?] = [:]
    /// The fullscreen state as the simulated window manager set it.
    public private(set) var isFullscreen = false
    /// Programs the simulated desktop does not have: `spawn` reports them as not installed (at once).
    public var missingPrograms: Set<String> = []
    private var pendingEvents: [HostEvent] = []
    private var nextRequestID = 1

    public init() {}

    /// Events the simulated desktop sends (taken by the headless host at the start of each turn).
    public func takeEvents() -> [HostEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    /// A program asks for `mimeType` from the clipboard: bytes given in the offer are recorded as the answer at
    /// once; a deferred format is asked of the app with a `clipboardRequest` event at the next turn. Returns the
    /// request id, or nil when the app does not own the clipboard or does not offer the format.
    @discardableResult
    public func requestClipboard(_ mimeType: String) -> Int? {
        guard let format = clipboard?.format(mimeType) else { return nil }
        let id = nextRequestID
        nextRequestID += 1
        if let bytes = format.bytes { clipboardAnswers[id] = bytes } else {
            pendingEvents.append(.clipboardRequest(ClipboardRequest(id: id, mimeType: mimeType)))
        }
        return id
    }

    /// Another program takes the clipboard: the app hears `clipboardLost` at the next turn.
    public func loseClipboard() {
        clipboard = nil
        pendingEvents.append(.clipboardLost)
    }

    public func requestFullscreen(_ fullscreen: Bool) {
        requests.append(.fullscreen(fullscreen))
        if fullscreen != isFullscreen {
            isFullscreen = fullscreen
            pendingEvents.append(.fullscreenChanged(fullscreen))
        }
    }

    @discardableResult
    public func showPopup(frame: CanvasRect, image: ImageSurface) -> CanvasRect {
        requests.append(.showPopup(frame, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight))
        popup = (frame, image)
        return frame
    }

    public func hidePopup() {
        guard popup != nil else { return }
        requests.append(.hidePopup)
        popup = nil
    }

    public func offerClipboard(_ offer: ClipboardOffer) {
        requests.append(.offerClipboard(offer.formats.map { $0.bytes == nil ? $0.mimeType + "*" : $0.mimeType }))
        clipboard = offer
    }

    public func answerClipboardRequest(_ id: Int, data: [UInt8]?) {
        requests.append(.answerClipboard(id: id, byteCount: data?.count))
        clipboardAnswers[id] = .some(data)
    }

    public func resetScreenSaver() { requests.append(.resetScreenSaver) }

    public func spawn(_ program: String, arguments: [String], failed: @escaping @Sendable (String) -> Void) {
        requests.append(.spawn(program, arguments))
        if missingPrograms.contains(program) { failed(ProcessSpawner.notInstalled(program)) }
    }
}
