import CX11
import Foundation
import Glibc

/// Installs Xlib handlers that turn a lost connection or an X protocol error into a one-line message on
/// stderr and a non-zero exit, instead of Xlib's multi-line report or a hang.
enum X11ErrorHandlers {
    static func install() {
        // The IO error handler must not return (Xlib would exit anyway); _exit skips atexit handlers
        // that might touch the dead connection.
        XSetIOErrorHandler { _ in
            let msg = "photostack: lost the connection to the X server\n"
            _ = msg.withCString { write(2, $0, strlen($0)) }
            _exit(3)
        }
        XSetErrorHandler { display, event in
            // Requests to other clients' windows (clipboard answers) may fail when the window went away: expected.
            if let event, X11ErrorHandlers.isTolerated(serial: event.pointee.serial) { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            if let display, let event {
                XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            }
            let code = event.map { "request \($0.pointee.request_code).\($0.pointee.minor_code)" } ?? ""
            let reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let msg = "photostack: X error: \(reason) (\(code))\n"
            _ = msg.withCString { write(2, $0, strlen($0)) }
            _exit(4)
        }
    }

    /// Serial ranges of requests whose errors are expected (requests to windows of other clients, which may be
    /// destroyed at any moment): the newest 64. Read and written on the loop thread only (Xlib calls the handler
    /// there, while it reads events).
    nonisolated(unsafe) private static var tolerated: [ClosedRange<UInt>] = []

    /// Runs `body` (Xlib requests on `display`) with its errors tolerated: they are ignored instead of ending the app.
    static func tolerating<R>(_ display: OpaquePointer, _ body: () -> R) -> R {
        let first = XNextRequest(display)
        let result = body()
        let last = XNextRequest(display)
        if last > first {
            tolerated.append(first...(last - 1))
            if tolerated.count > 64 { tolerated.removeFirst(tolerated.count - 64) }
        }
        return result
    }

    static func isTolerated(serial: UInt) -> Bool { tolerated.contains { $0.contains(serial) } }
}
