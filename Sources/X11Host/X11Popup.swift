import CCairo
import CX11
import Canvas
import Host

/// The popup window of `X11Services.showPopup`: an override-redirect window (the window manager leaves it alone,
/// as menus are) showing an image the app drew, with the pointer and keyboard grabbed while it is up — so every
/// click, also outside both windows, and every key comes here — and each event handed to the app in the main
/// window's points.
final class X11Popup {
    private let display: OpaquePointer
    private let parent: Window
    private let scale: Double
    private var window: Window = 0
    private var surface: OpaquePointer?
    private var image: ImageSurface?
    /// The popup's top-left relative to the main window's, device pixels.
    private var offset = (x: 0, y: 0)
    private var size = (width: 0, height: 0)
    private var grabbed = false

    init(display: OpaquePointer, parent: Window, scale: Double) {
        self.display = display
        self.parent = parent
        self.scale = scale
    }

    deinit { hide() }

    /// Shows `image` at `frame` (main-window points), moved to stay on the screen; grabs pointer and keyboard.
    /// Returns the frame used, main-window points.
    func show(frame: CanvasRect, image: ImageSurface) -> CanvasRect {
        self.image = image
        let w = max(1, image.pixelWidth), h = max(1, image.pixelHeight)
        // The main window's origin on the screen (a round trip, made once per menu).
        let root = XDefaultRootWindow(display)
        var originX: Int32 = 0, originY: Int32 = 0, child: Window = 0
        XTranslateCoordinates(display, parent, root, 0, 0, &originX, &originY, &child)
        let screen = XDefaultScreen(display)
        let screenW = Int(XDisplayWidth(display, screen)), screenH = Int(XDisplayHeight(display, screen))
        var x = Int(originX) + Int((frame.x * scale).rounded()), y = Int(originY) + Int((frame.y * scale).rounded())
        x = max(0, min(x, screenW - w)); y = max(0, min(y, screenH - h))
        offset = (x - Int(originX), y - Int(originY))
        if window == 0 {
            var attrs = XSetWindowAttributes()
            attrs.override_redirect = 1
            attrs.save_under = 1
            attrs.background_pixmap = 0   // None: the image is copied in at once
            attrs.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | KeyPressMask
            window = XCreateWindow(display, root, Int32(x), Int32(y), UInt32(w), UInt32(h), 0, XDefaultDepth(display, screen),
                                   UInt32(InputOutput), XDefaultVisual(display, screen),
                                   UInt(CWOverrideRedirect | CWSaveUnder | CWBackPixmap | CWEventMask), &attrs)
            // Tools and window managers that look still see what it is.
            let type = XInternAtom(display, "_NET_WM_WINDOW_TYPE", 0)
            var popupMenu = XInternAtom(display, "_NET_WM_WINDOW_TYPE_POPUP_MENU", 0)
            withUnsafeBytes(of: &popupMenu) { p in
                _ = XChangeProperty(display, window, type, XA_ATOM, 32, PropModeReplace,
                                    p.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
            XStoreName(display, window, "PhotoStack menu")
            XSetTransientForHint(display, window, parent)
            surface = cairo_xlib_surface_create(display, window, XDefaultVisual(display, screen), Int32(w), Int32(h))
            XMapRaised(display, window)
        } else {
            XMoveResizeWindow(display, window, Int32(x), Int32(y), UInt32(w), UInt32(h))
            if let surface { cairo_xlib_surface_set_size(surface, Int32(w), Int32(h)) }
            XRaiseWindow(display, window)
        }
        size = (w, h)
        paint()
        if !grabbed {
            // Everything goes to the popup (owner_events false): clicks outside are seen and close the menu. The
            // grabs use CurrentTime: the opening click may have come through XInput 2, whose time is not kept here,
            // and an older time than the last grab's would be refused.
            let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
            let p = XGrabPointer(display, window, 0, mask, GrabModeAsync, GrabModeAsync, 0, 0, 0)
            let k = XGrabKeyboard(display, window, 0, GrabModeAsync, GrabModeAsync, 0)
            grabbed = p == GrabSuccess || k == GrabSuccess
        }
        XFlush(display)
        return CanvasRect(x: Double(offset.x) / scale, y: Double(offset.y) / scale,
                          width: Double(w) / scale, height: Double(h) / scale)
    }

    /// Ungrabs, and destroys the window.
    func hide() {
        guard window != 0 else { return }
        if grabbed {
            XUngrabPointer(display, 0)
            XUngrabKeyboard(display, 0)
            grabbed = false
        }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        XDestroyWindow(display, window)
        window = 0
        image = nil
        XFlush(display)
    }

    private func paint() {
        guard let surface, let image else { return }
        let ctx = CairoContext(cairoSurface: surface)
        ctx.setSource(image, filter: .nearest)
        ctx.paint()
        cairo_surface_flush(surface)
    }

    /// Takes the popup's events: exposes repaint it; pointer and key events become the app's, in main-window points.
    func handle(_ event: inout XEvent, _ out: inout [HostEvent]) -> Bool {
        guard window != 0, event.xany.window == window else { return false }
        switch event.type {
        case Expose:
            if event.xexpose.count == 0 { paint() }
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            let x = Double(Int(b.x) + offset.x) / scale, y = Double(Int(b.y) + offset.y) / scale
            let mods = Modifiers(x11State: b.state)
            switch b.button {
            case 4...7:
                guard event.type == ButtonPress else { break }
                let dy = b.button == 4 ? -1.0 : b.button == 5 ? 1 : 0, dx = b.button == 6 ? -1.0 : b.button == 7 ? 1 : 0
                out.append(.wheel(WheelEvent(deltaX: dx, deltaY: dy, isPrecise: false, x: x, y: y, modifiers: mods, time: 0)))
            default:
                guard let button = PointerButton(rawValue: Int(b.button)) else { break }
                let e = PointerEvent(button: button, x: x, y: y, modifiers: mods, time: 0)
                out.append(event.type == ButtonPress ? .pointerDown(e) : .pointerUp(e))
            }
        case MotionNotify:
            let m = event.xmotion
            out.append(.pointerMoved(x: Double(Int(m.x) + offset.x) / scale, y: Double(Int(m.y) + offset.y) / scale,
                                     modifiers: Modifiers(x11State: m.state), time: 0))
        case KeyPress:
            var buf = [CChar](repeating: 0, count: 32)
            var keysym: KeySym = 0
            let n = XLookupString(&event.xkey, &buf, Int32(buf.count), &keysym, nil)
            let text = String(String.UnicodeScalarView(buf.prefix(Int(max(0, n))).compactMap { Unicode.Scalar(UInt8(bitPattern: $0)) }))
            let name = XKeysymToString(keysym).map { String(cString: $0) } ?? ""
            out.append(.key(KeyEvent(key: Key(keysym: UInt(keysym), name: name, text: text), keysymName: name, text: text,
                                     modifiers: Modifiers(x11State: event.xkey.state), time: 0)))
        default:
            break
        }
        return true
    }
}
