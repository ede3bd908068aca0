import Foundation

/// Pointer and keyboard input through xdotool, in window pixels (= points at scale 1).
extension AppSession {
    /// Moves the pointer to window pixel (x, y), waits 80 ms (so the app sees the motion first), then
    /// presses and releases `button` (1 left, 4/5 wheel up/down).
    func click(x: Double, y: Double, button: Int = 1) throws {
        try xdotool(move(x, y) + ["sleep", "0.08", "click", String(button)])
    }

    /// Sends one key press and release (XTEST, to the focused window: the pointer is over ours), by keysym
    /// name ("Escape", "Right", "ctrl+q").
    func key(_ name: String) throws {
        try xdotool(["key", name])
    }

    /// Resizes the app's window to `width` × `height` pixels (as a window manager would).
    func resizeWindow(width: Int, height: Int) throws {
        try xdotool(["windowsize", windowID, String(width), String(height)])
    }

    /// The window's title (WM_NAME) now.
    func windowName() throws -> String {
        try run("/usr/bin/xdotool", ["getwindowname", windowID]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
