import CCairo
import CX11
import Canvas
import Foundation
import Host

/// A top-level X11 window with a client-side back buffer (a cairo image surface in MIT-SHM memory when the server
/// has the extension, `cairo_surface_create_similar_image`): frames are drawn into the back buffer by the app and
/// put into the window in one step, so expose, resize and animation never flicker, and a frame reaches the server
/// as one image rather than one upload per card composited (at 3840×2160 the server's share of a frame went from
/// ~40 to ~6 ms, docs/performance.md). Owns the Xlib connection; all raw pointers stay inside this file, `XInput2Pointer` and
/// `WMSyncCounter`.
///
/// Live resize: the window takes part in `_NET_WM_SYNC_REQUEST` (`WMSyncCounter`): the window manager waits for
/// the frame of each resize step, which the loop presents at once. The window is created unmapped; `map()` shows it
/// with the first frame already in place. Its background is None — the server never paints over a frame — unless
/// the app gives it its background tile (`setBackgroundTile`): then the strip a resize step uncovers, which the
/// window manager configures before the frame for it can exist, shows the app's own background at once instead of
/// whatever was on screen there (black, or the window manager's old frame, without a compositor).
public final class X11Window {
    let display: OpaquePointer
    let window: Window
    let wmProtocols: Atom, wmDeleteWindow: Atom, netWMName: Atom, utf8String: Atom
    private var windowSurface: OpaquePointer
    private var backSurface: OpaquePointer
    private var xi: XInput2Pointer?
    /// The `_NET_WM_SYNC_REQUEST` counter, when the server has the XSync extension.
    private var sync: WMSyncCounter?
    /// True from `map()` until the first frame has been copied after the first expose: meanwhile the window's
    /// background is a pixmap holding that frame, so the server shows it (not garbage) when it maps the window.
    private var backgroundIsFirstFrame = false
    private var exposed = false
    /// The background tile's pixmap (None = 0): the window's background once the first frame is in place.
    private var backgroundTile: Pixmap = 0
    /// The first frame as a server pixmap, the window's background until that frame has been copied (see `map`).
    private var firstFramePixmap: Pixmap = 0
    private let clock: Clock
    private var serverTime = ServerTimeMapping()
    private var lastPress: (button: Int, time: UInt, x: Double, y: Double, count: Int)?
    /// Buttons held now: while one is, pointer motions are not coalesced (a drag's release velocity is fitted
    /// to every sample).
    private var pressedButtons = Set<Int>()
    var cursors: [CursorShape: UInt] = [:]
    var currentCursor: CursorShape = .arrow
    var currentTitle: String
    /// Sees every event first (popup, clipboard and window-state events, `X11Services`); true when it took the event,
    /// appending what it means to the app to the events given.
    var eventFilter: ((inout XEvent, inout [HostEvent]) -> Bool)?
    /// The display's colour profile (root window `_ICC_PROFILE`).
    private let colourProfile: X11DisplayProfile

    /// Window size, device pixels.
    public private(set) var pixelWidth: Int
    public private(set) var pixelHeight: Int
    /// Device pixels per point.
    public let scale: Double
    /// Window size, points.
    public var width: Double { Double(pixelWidth) / scale }
    public var height: Double { Double(pixelHeight) / scale }
    /// True when exposed areas need the back buffer copied again (no redraw needed).
    public private(set) var needsCopy = false
    /// True when XInput 2.1 smooth scrolling is in use.
    public var hasSmoothScrolling: Bool { xi != nil }

    /// The file descriptor of the X connection, for poll().
    public var connectionFD: Int32 { XConnectionNumber(display) }

    /// Opens the display (`DISPLAY`) and maps a window of `width` × `height` points.
    /// - Parameters:
    ///   - scale: device pixels per point; nil reads Xft.dpi (or PHOTOSTACK_SCALE).
    ///   - minWidth, minHeight: the smallest size the window manager should allow, points.
    ///   - displayProfile: an ICC profile to use instead of the root window's `_ICC_PROFILE` (nil: the root's).
    ///   - position: where the window's frame goes (screen pixels; the window manager is asked to honour it), nil: where
    ///     the window manager places it.
    public init(title: String, className: String, width: Double, height: Double, scale: Double?,
                minWidth: Double = 320, minHeight: Double = 240, icon: [UInt] = [], displayProfile: [UInt8]? = nil,
                position: (x: Int, y: Int)? = nil, clock: Clock) throws {
        guard let dpy = XOpenDisplay(nil) else {
            throw HostError.cannotOpenDisplay(ProcessInfo.processInfo.environment["DISPLAY"] ?? "")
        }
        X11ErrorHandlers.install()
        display = dpy
        self.clock = clock
        self.scale = DisplayScale.resolve(display: dpy, override: scale)
        let screen = XDefaultScreen(dpy)
        colourProfile = X11DisplayProfile(display: dpy, screen: screen, fixed: displayProfile)
        pixelWidth = max(1, Int((width * self.scale).rounded()))
        pixelHeight = max(1, Int((height * self.scale).rounded()))

        var attrs = XSetWindowAttributes()
        attrs.background_pixmap = 0 // None: the server never clears the window, so no flash before a copy.
        attrs.bit_gravity = NorthWestGravity
        let visual = XDefaultVisual(dpy, screen)!
        window = XCreateWindow(dpy, XRootWindow(dpy, screen), 0, 0, UInt32(pixelWidth), UInt32(pixelHeight), 0,
                               XDefaultDepth(dpy, screen), UInt32(InputOutput), visual,
                               UInt(CWBackPixmap | CWBitGravity), &attrs)

        wmProtocols = XInternAtom(dpy, "WM_PROTOCOLS", 0)
        wmDeleteWindow = XInternAtom(dpy, "WM_DELETE_WINDOW", 0)
        netWMName = XInternAtom(dpy, "_NET_WM_NAME", 0)
        utf8String = XInternAtom(dpy, "UTF8_STRING", 0)
        currentTitle = title

        // WM_CLASS
        if let hint = XAllocClassHint() {
            let name = strdup(className.lowercased()), cls = strdup(className)
            hint.pointee.res_name = name; hint.pointee.res_class = cls
            XSetClassHint(dpy, window, hint)
            XFree(hint); free(name); free(cls)
        }
        // _NET_WM_PID (CARDINAL = 6, format 32 takes C longs), and WM_CLIENT_MACHINE, which EWMH requires
        // alongside it (the pid means nothing without the host it belongs to).
        var pid = Int(getpid())
        let win = window
        withUnsafeBytes(of: &pid) { p in
            _ = XChangeProperty(dpy, win, XInternAtom(dpy, "_NET_WM_PID", 0), 6, 32, PropModeReplace,
                                p.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            let bytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            bytes.withUnsafeBufferPointer { p in
                _ = XChangeProperty(dpy, win, XInternAtom(dpy, "WM_CLIENT_MACHINE", 0), 31 /* XA_STRING */, 8,
                                    PropModeReplace, p.baseAddress, Int32(p.count))
            }
        }
        // _NET_WM_ICON before the window is mapped (the window manager reads it when it manages the window).
        if !icon.isEmpty { X11Window.setIcon(icon, display: dpy, window: win) }
        // Minimum size
        if let position { XMoveWindow(dpy, window, Int32(position.x), Int32(position.y)) }
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize | (position != nil ? USPosition : 0)
            hints.pointee.x = Int32(position?.x ?? 0)
            hints.pointee.y = Int32(position?.y ?? 0)
            hints.pointee.min_width = Int32(minWidth * self.scale)
            hints.pointee.min_height = Int32(minHeight * self.scale)
            XSetWMNormalHints(dpy, window, hints)
            XFree(hints)
        }
        sync = WMSyncCounter(display: dpy, window: window)
        var protocols = [wmDeleteWindow] + (sync.map { [$0.requestAtom] } ?? [])
        XSetWMProtocols(dpy, window, &protocols, Int32(protocols.count))

        xi = XInput2Pointer(display: dpy, window: window)
        var mask = ExposureMask | KeyPressMask | StructureNotifyMask | EnterWindowMask | LeaveWindowMask | FocusChangeMask
        if xi == nil { mask |= ButtonPressMask | ButtonReleaseMask | PointerMotionMask }
        XSelectInput(dpy, window, mask)

        windowSurface = cairo_xlib_surface_create(dpy, window, visual, Int32(pixelWidth), Int32(pixelHeight))!
        backSurface = X11Window.makeBackBuffer(similarTo: windowSurface, width: pixelWidth, height: pixelHeight)
        setTitle(title, force: true)
    }

    /// Maps (shows) the window. Draw the first frame into the back buffer first (`render`): until that frame has
    /// been copied after the first expose, the window's background is a pixmap with that frame, so the server fills
    /// the window with the frame the moment it maps it — no garbage, no flash; then the background is None again.
    public func map() {
        let screen = XDefaultScreen(display)
        let pixmap = XCreatePixmap(display, window, UInt32(pixelWidth), UInt32(pixelHeight), UInt32(XDefaultDepth(display, screen)))
        if pixmap != 0, let surface = cairo_xlib_surface_create(display, pixmap, XDefaultVisual(display, screen),
                                                                 Int32(pixelWidth), Int32(pixelHeight)) {
            putBackBuffer(onto: surface)
            cairo_surface_destroy(surface)
            XSetWindowBackgroundPixmap(display, window, pixmap)
            firstFramePixmap = pixmap
            backgroundIsFirstFrame = true
        }
        XMapWindow(display, window)
        XFlush(display)
    }

    /// Makes `tile` (device pixels, repeated from the window's origin) the window's background: what the server shows
    /// in newly exposed parts of the window until the next frame is copied (see the type's notes).
    public func setBackgroundTile(_ tile: ImageSurface) {
        let w = max(1, tile.pixelWidth), h = max(1, tile.pixelHeight)
        let screen = XDefaultScreen(display)
        let pixmap = XCreatePixmap(display, window, UInt32(w), UInt32(h), UInt32(XDefaultDepth(display, screen)))
        guard let surface = cairo_xlib_surface_create(display, pixmap, XDefaultVisual(display, screen), Int32(w), Int32(h)) else {
            XFreePixmap(display, pixmap); return
        }
        let ctx = CairoContext(cairoSurface: surface)
        ctx.setRepeatingSource(tile, filter: .nearest)
        ctx.paint()
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
        if backgroundTile != 0 { XFreePixmap(display, backgroundTile) }
        backgroundTile = pixmap
        if !backgroundIsFirstFrame { XSetWindowBackgroundPixmap(display, window, pixmap) }
    }

    deinit {
        sync = nil
        if backgroundTile != 0 { XFreePixmap(display, backgroundTile) }
        cairo_surface_destroy(backSurface)
        cairo_surface_destroy(windowSurface)
        for (_, c) in cursors { XFreeCursor(display, c) }
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    // MARK: Drawing

    /// Draws a frame into the back buffer (the context is scaled to points) and copies it to the window.
    public func present(_ draw: (CairoContext) -> Void) {
        render(draw)
        copyBackBuffer()
    }

    /// Draws a frame into the back buffer only (the context is scaled to points), e.g. the first frame before `map()`.
    public func render(_ draw: (CairoContext) -> Void) {
        let ctx = CairoContext(cairoSurface: backSurface)
        ctx.scale(scale, scale)
        draw(ctx)
    }

    /// Copies the back buffer to the window (after an expose, or as the frame of a resize step the window manager
    /// waits for: the sync counter is set right after).
    public func copyBackBuffer() {
        putBackBuffer(onto: windowSurface)
        needsCopy = false
        if backgroundIsFirstFrame && exposed {
            XSetWindowBackgroundPixmap(display, window, backgroundTile)   // the tile, or None (0)
            backgroundIsFirstFrame = false
            if firstFramePixmap != 0 { XFreePixmap(display, firstFramePixmap); firstFramePixmap = 0 }
        }
        sync?.framePresented()
        XFlush(display)
    }

    /// Replaces the pixels of `target` (an Xlib surface: the window, or the first frame's pixmap) with the back buffer
    /// and sends them: one put of the client-side image.
    private func putBackBuffer(onto target: OpaquePointer) {
        let cr = cairo_create(target)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, backSurface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
    }

    /// True while the window manager waits for the frame of a resize step (`_NET_WM_SYNC_REQUEST`): present one now.
    public var isAwaitingSyncFrame: Bool { sync?.isAwaitingFrame ?? false }

    /// Sends buffered requests to the server (call before sleeping in poll).
    public func flush() { XFlush(display) }

    private func resizeBuffers(width: Int, height: Int) {
        guard width != pixelWidth || height != pixelHeight else { return }
        pixelWidth = width; pixelHeight = height
        cairo_xlib_surface_set_size(windowSurface, Int32(width), Int32(height))
        let newBack = X11Window.makeBackBuffer(similarTo: windowSurface, width: width, height: height)
        // Keep the old picture until the app draws the new size, so an expose shows no garbage.
        let cr = cairo_create(newBack)!
        cairo_set_source_rgb(cr, 0.16, 0.18, 0.22)
        cairo_paint(cr)
        cairo_set_source_surface(cr, backSurface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_destroy(backSurface)
        backSurface = newBack
    }

    // MARK: Events

    /// The display's ICC profile as it is now (nil: none, sRGB).
    public var displayProfile: [UInt8]? { colourProfile.read() }

    /// Reads every pending event and returns them translated and coalesced: consecutive pointer motions
    /// collapse into the last one while no button is held (a drag keeps every sample for its release
    /// velocity); a burst of ConfigureNotify becomes one `.resize` at the end.
    public func pendingEvents() -> [HostEvent] {
        var out: [HostEvent] = []
        var resized = false
        while XPending(display) > 0 {
            var ev = XEvent()
            XNextEvent(display, &ev)
            if let filter = eventFilter, filter(&ev, &out) { continue }
            switch ev.type {
            case Expose:
                if ev.xexpose.count == 0 { needsCopy = true; exposed = true }
            case ConfigureNotify:
                let w = Int(ev.xconfigure.width), h = Int(ev.xconfigure.height)
                if w != pixelWidth || h != pixelHeight { resizeBuffers(width: w, height: h); resized = true }
                if ev.xconfigure.window == window { sync?.configured() }
            case ClientMessage:
                guard ev.xclient.message_type == wmProtocols else { break }
                let l = ev.xclient.data.l, atom = Atom(l.0)
                if atom == wmDeleteWindow { out.append(.close) }
                if let sync, atom == sync.requestAtom { sync.requested(low: l.2, high: l.3) }
            case KeyPress:
                out.append(.key(keyEvent(&ev)))
            case FocusIn, FocusOut:
                // Focus moves caused by pointer grabs (NotifyGrab/NotifyUngrab) are not the user switching windows.
                let mode = ev.xfocus.mode
                if mode == NotifyNormal || mode == NotifyWhileGrabbed { out.append(.focusChanged(focused: ev.type == FocusIn)) }
            case ButtonPress, ButtonRelease:
                let b = ev.xbutton
                append(button(press: ev.type == ButtonPress, button: Int(b.button), x: Double(b.x), y: Double(b.y),
                              state: b.state, time: b.time), to: &out)
            case MotionNotify:
                let m = ev.xmotion
                append(.pointerMoved(x: Double(m.x) / scale, y: Double(m.y) / scale, modifiers: Modifiers(x11State: m.state), time: seconds(m.time)), to: &out)
            case EnterNotify:
                xi?.resetScrollBase()
                let c = ev.xcrossing
                out.append(.pointerEntered(x: Double(c.x) / scale, y: Double(c.y) / scale, time: seconds(c.time)))
            case LeaveNotify:
                xi?.resetScrollBase()
                out.append(.pointerLeft(time: seconds(ev.xcrossing.time)))
            case GenericEvent:
                if let input = xi?.translate(&ev) { append(input, to: &out) }
            case PropertyNotify:
                if colourProfile.isChange(ev.xproperty) {
                    out.removeAll { if case .displayProfileChanged = $0 { true } else { false } }
                    out.append(.displayProfileChanged(colourProfile.read()))
                }
            default:
                break
            }
        }
        if resized { out.append(.resize(width: width, height: height, scale: scale)) }
        return out
    }

    func append(_ event: HostEvent?, to out: inout [HostEvent]) {
        guard let event else { return }
        if pressedButtons.isEmpty, case .pointerMoved = event, let last = out.last, case .pointerMoved = last {
            out[out.count - 1] = event
        } else {
            out.append(event)
        }
    }

    /// Translates a button press/release at window pixel (x, y): 4–7 become wheel notches, 1–3 and 8/9
    /// pointer events with a click count.
    func button(press: Bool, button: Int, x: Double, y: Double, state: UInt32, time: UInt) -> HostEvent? {
        let mods = Modifiers(x11State: state), t = seconds(time), px = x / scale, py = y / scale
        switch button {
        case 4...7:
            guard press else { return nil }
            let dy = button == 4 ? -1.0 : button == 5 ? 1 : 0
            let dx = button == 6 ? -1.0 : button == 7 ? 1 : 0
            return .wheel(WheelEvent(deltaX: dx, deltaY: dy, isPrecise: false, x: px, y: py, modifiers: mods, time: t))
        default:
            guard let b = PointerButton(rawValue: button) else { return nil }
            if press { pressedButtons.insert(button) } else { pressedButtons.remove(button) }
            var count = 1
            if press {
                if let l = lastPress, l.button == button, UInt32(truncatingIfNeeded: time) &- UInt32(truncatingIfNeeded: l.time) < 400, abs(l.x - px) <= 4, abs(l.y - py) <= 4 {
                    count = l.count + 1
                }
                lastPress = (button, time, px, py, count)
            } else if let l = lastPress, l.button == button {
                count = l.count
            }
            let e = PointerEvent(button: b, x: px, y: py, modifiers: mods, clickCount: count, time: t)
            return press ? .pointerDown(e) : .pointerUp(e)
        }
    }

    private func keyEvent(_ ev: inout XEvent) -> KeyEvent {
        var buf = [CChar](repeating: 0, count: 32)
        var keysym: KeySym = 0
        let n = XLookupString(&ev.xkey, &buf, Int32(buf.count), &keysym, nil)
        // XLookupString yields Latin-1.
        let text = String(String.UnicodeScalarView(buf.prefix(Int(max(0, n))).compactMap { Unicode.Scalar(UInt8(bitPattern: $0)) }))
        let name = XKeysymToString(keysym).map { String(cString: $0) } ?? ""
        return KeyEvent(key: Key(keysym: UInt(keysym), name: name, text: text), keysymName: name, text: text,
                        modifiers: Modifiers(x11State: ev.xkey.state), time: seconds(ev.xkey.time))
    }

    /// Maps an X server timestamp (milliseconds; core and XInput 2 events alike) onto the frame clock:
    /// never after now, intervals kept (see `ServerTimeMapping`).
    func seconds(_ time: UInt) -> Double {
        serverTime.seconds(serverTime: time, now: clock.now)
    }
}

extension X11Window {
    /// True when Xlib already holds events read from the socket (poll would not see them).
    var hasQueuedEvents: Bool { XEventsQueued(display, QueuedAfterReading) > 0 }

    /// The Xlib connection and the window, for the desktop services of this module (`X11Services`).
    var xDisplay: OpaquePointer { display }
    var xWindow: Window { window }
}
