import CX11
import Canvas
import Foundation
import Host

/// `HostServices` for an `X11Window`: EWMH fullscreen (`_NET_WM_STATE` client message to the root window, the
/// answer read back from the window's property), the context menu's popup (`X11Popup`), the CLIPBOARD selection
/// (`X11Clipboard`), the screen saver reset and program spawning. It sees every X event before the window does
/// (`X11Window.eventFilter`) and turns the ones it owns into `HostEvent`s.
public final class X11Services: HostServices {
    let display: OpaquePointer
    let window: Window
    let scale: Double
    private let netWMState: Atom, netWMStateFullscreen: Atom
    /// The fullscreen state the window manager last set on the window.
    public private(set) var isFullscreen = false
    let clipboard: X11Clipboard
    private var popup: X11Popup?
    /// The server time of the newest input event (for the clipboard's ownership timestamp), or CurrentTime (0).
    private var lastInputTime: Time = 0

    /// Services for `window`; from now on it sees the window's events first.
    public init(window: X11Window) {
        display = window.xDisplay
        self.window = window.xWindow
        scale = window.scale
        netWMState = XInternAtom(display, "_NET_WM_STATE", 0)
        netWMStateFullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        clipboard = X11Clipboard(display: display, owner: self.window)
        // Property changes of the window (the window manager's _NET_WM_STATE), added to the window's event mask.
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, self.window, &attributes)
        XSelectInput(display, self.window, attributes.your_event_mask | PropertyChangeMask)
        window.eventFilter = { [unowned self] event, out in self.filter(&event, &out) }
    }

    // MARK: HostServices

    public func requestFullscreen(_ fullscreen: Bool) {
        var message = XClientMessageEvent()
        message.type = ClientMessage
        message.display = display
        message.window = window
        message.message_type = netWMState
        message.format = 32
        // _NET_WM_STATE_ADD (1) or _REMOVE (0), the property, no second property, source: an application (1).
        message.data.l = (fullscreen ? 1 : 0, Int(netWMStateFullscreen), 0, 1, 0)
        var event = XEvent()
        event.xclient = message
        XSendEvent(display, XDefaultRootWindow(display), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(display)
    }

    @discardableResult
    public func showPopup(frame: CanvasRect, image: ImageSurface) -> CanvasRect {
        let p = popup ?? X11Popup(display: display, parent: window, scale: scale)
        popup = p
        return p.show(frame: frame, image: image)
    }

    public func hidePopup() {
        popup?.hide()
        popup = nil
    }

    public func offerClipboard(_ offer: ClipboardOffer) { clipboard.offer(offer, time: lastInputTime) }

    public func answerClipboardRequest(_ id: Int, data: [UInt8]?) { clipboard.answer(id, data: data) }

    public func resetScreenSaver() {
        // Restarts the idle timer (and ends a running saver): the same as XResetScreenSaver.
        XForceScreenSaver(display, ScreenSaverReset)
        XFlush(display)
    }

    public func spawn(_ program: String, arguments: [String], failed: @escaping @Sendable (String) -> Void) {
        ProcessSpawner.spawn(program, arguments: arguments, failed: failed)
    }

    // MARK: Events

    /// Sees one event before the window does; true when it was taken (what it means is appended to `out`).
    func filter(_ event: inout XEvent, _ out: inout [HostEvent]) -> Bool {
        switch event.type {
        case KeyPress, KeyRelease: lastInputTime = event.xkey.time
        case ButtonPress, ButtonRelease: lastInputTime = event.xbutton.time
        default: break
        }
        if let popup, popup.handle(&event, &out) { return true }
        if clipboard.handle(&event, &out) { return true }
        if event.type == PropertyNotify, event.xproperty.window == window {
            if event.xproperty.atom == netWMState { readWindowState(&out) }
            return true
        }
        return false
    }

    /// Reads `_NET_WM_STATE` and reports a change of its fullscreen flag.
    private func readWindowState(_ out: inout [HostEvent]) {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        var fullscreen = false
        if XGetWindowProperty(display, window, netWMState, 0, 64, 0, XA_ATOM, &type, &format, &count, &after, &data) == Success,
           let data {
            if format == 32 {
                // Format 32 comes back as C longs.
                let atoms = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
                fullscreen = (0..<Int(count)).contains { atoms[$0] == netWMStateFullscreen }
            }
            XFree(data)
        }
        guard fullscreen != isFullscreen else { return }
        isFullscreen = fullscreen
        out.append(.fullscreenChanged(fullscreen))
    }
}
