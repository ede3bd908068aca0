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
}
