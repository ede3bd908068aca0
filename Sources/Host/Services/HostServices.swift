import Canvas

/// What the app asks of the platform beyond drawing into its window (GTK's `gtk_window_fullscreen`,
/// `GtkClipboard`, popup windows, `g_spawn_async`): the window manager's fullscreen state, the clipboard, a popup
/// window above everything (the context menu), keeping the screen awake, and starting another program.
///
/// Every call comes on the loop thread, in the handle or update phase of a turn, and returns at once: nothing here
/// waits for another program or touches the file system on the loop thread. Answers come back as `HostEvent`s
/// (`fullscreenChanged`, `clipboardRequest`, `clipboardLost`). `X11Services` implements it for the X11 window;
/// `RecordingServices` (the headless host's) records each request so tests can assert what was asked.
public protocol HostServices: AnyObject {
    /// Asks the window manager to show the window fullscreen (true) or as a normal window. The window manager
    /// answers with `HostEvent.fullscreenChanged` (it may also refuse, or change the state on its own).
    func requestFullscreen(_ fullscreen: Bool)

    /// Shows the popup (replacing one already shown): a window above every other at `frame` (window points; it may
    /// extend beyond the window, and is moved to stay on the screen) showing `image` (device pixels, `frame` ×
    /// `scale`). While it is shown every pointer and key event comes to the app — also clicks outside both windows —
    /// as ordinary events in window points. Returns the frame it was placed at (window points).
    @discardableResult
    func showPopup(frame: CanvasRect, image: ImageSurface) -> CanvasRect

    /// Removes the popup (and gives the pointer and keyboard back). Nothing when none is shown.
    func hidePopup()

    /// Takes the clipboard with `offer`: the app answers other programs' requests until another program takes it
    /// (then `HostEvent.clipboardLost`). Formats given as bytes are answered by the host; deferred ones come to the
    /// app as `HostEvent.clipboardRequest`, to be answered with `answerClipboardRequest`.
    func offerClipboard(_ offer: ClipboardOffer)

    /// Answers a deferred clipboard request with the bytes of its format, or refuses it (nil).
    func answerClipboardRequest(_ id: Int, data: [UInt8]?)

    /// Resets the screen saver's idle timer (call it at an interval shorter than the saver's timeout while the
    /// screen must stay on, e.g. during a slideshow).
    func resetScreenSaver()

    /// Starts `program` (looked up in PATH) with `arguments`, detached: not waited for on the loop thread; its
    /// exit is collected in the background. `failed` is called (on a background thread) with a sentence when the
    /// program is not installed, cannot be started or exits with a failure status.
    func spawn(_ program: String, arguments: [String], failed: @escaping @Sendable (String) -> Void)
}
