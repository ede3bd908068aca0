import Foundation
import XCTest

/// Asks a window to close the way a window manager's close button does: a WM_PROTOCOLS ClientMessage
/// carrying WM_DELETE_WINDOW. Bare Xvfb has no window manager, so a tiny C program (source below) is
/// compiled with `cc … -lX11` into a temporary folder the first time it is needed and run per request.
enum WindowCloseRequester {
    /// The helper: `send-wm-delete WINDOW_ID` (decimal or 0x hex) on $DISPLAY; exit status 0 when sent.
    static let source = #"""
    #include <X11/Xlib.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>

    int main(int argc, char **argv) {
        if (argc != 2) { fprintf(stderr, "usage: %s WINDOW_ID\n", argv[0]); return 2; }
        Window w = (Window)strtoul(argv[1], NULL, 0);
        Display *d = XOpenDisplay(NULL);
        if (!d) { fprintf(stderr, "cannot open display\n"); return 1; }
        XEvent ev;
        memset(&ev, 0, sizeof ev);
        ev.xclient.type = ClientMessage;
        ev.xclient.window = w;
        ev.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
        ev.xclient.format = 32;
        ev.xclient.data.l[0] = (long)XInternAtom(d, "WM_DELETE_WINDOW", False);
        ev.xclient.data.l[1] = CurrentTime;
        Status ok = XSendEvent(d, w, False, NoEventMask, &ev);
        XSync(d, False);
        XCloseDisplay(d);
        return ok ? 0 : 1;
    }
    """#

    nonisolated(unsafe) private static var built: Result<String, Error>?
    private static let lock = NSLock()

    /// The compiled helper's path (built once per test process). Skips the test when `cc` or the Xlib
    /// headers are missing.
    static func helperPath() throws -> String {
        lock.lock(); defer { lock.unlock() }
        if built == nil { built = Result { try build() } }
        return try built!.get()
    }

    private static func build() throws -> String {
        guard let cc = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("no C compiler (cc) to build the WM_DELETE_WINDOW helper: install gcc (scripts/install-deps.sh test)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-wmdelete-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let src = dir.appendingPathComponent("send-wm-delete.c"), exe = dir.appendingPathComponent("send-wm-delete")
        try source.write(to: src, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: cc)
        p.arguments = [src.path, "-o", exe.path, "-lX11"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw XCTSkip("cannot build the WM_DELETE_WINDOW helper with \(cc) (libx11-dev missing?): \(message)")
        }
        return exe.path
    }

    /// Removes the compiled helper (call from a test class's `tearDown()`).
    static func removeBuild() {
        lock.lock(); defer { lock.unlock() }
        if case .success(let path)? = built {
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        built = nil
    }

    /// Sends WM_DELETE_WINDOW to the session's window.
    static func requestClose(in session: AppSession) throws {
        try session.run(try helperPath(), [session.windowID])
    }
}
