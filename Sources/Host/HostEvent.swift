/// A platform-neutral input or window event, delivered on the event-loop thread.
/// Positions are in points (window pixels ÷ scale) from the window's top-left; times in seconds on the
/// host clock's timeline (`Clock`).
public enum HostEvent: Sendable {
    /// A mouse button went down. `clickCount` is 2 for a double click, 3 for a triple click.
    case pointerDown(PointerEvent)
    case pointerUp(PointerEvent)
    /// The pointer moved (bursts are coalesced to the latest position).
    case pointerMoved(x: Double, y: Double, modifiers: Modifiers, time: Double)
    /// Scrolling by wheel notches or touchpad.
    case wheel(WheelEvent)
    /// A touchpad pinch (two or more fingers spreading or closing), where the platform reports one.
    case pinch(PinchEvent)
    case key(KeyEvent)
    /// The window's size changed: `width` × `height` points at `scale` device pixels per point.
    case resize(width: Double, height: Double, scale: Double)
    case pointerEntered(x: Double, y: Double, time: Double)
    case pointerLeft(time: Double)
    /// The window gained (true) or lost the keyboard focus.
    case focusChanged(focused: Bool)
    /// The window manager asked the window to close (WM_DELETE_WINDOW).
    case close
    /// The window became fullscreen (true) or left it (`HostServices.requestFullscreen`, or the window manager's
    /// own doing).
    case fullscreenChanged(Bool)
    /// A program asks for a deferred format of the app's clipboard offer (`HostServices.offerClipboard`).
    case clipboardRequest(ClipboardRequest)
    /// Another program took the clipboard: the app's offer is gone.
    case clipboardLost
    /// The display's ICC colour profile (its raw bytes; nil: none, sRGB), sent when the window opens with one and
    /// whenever it changes.
    case displayProfileChanged([UInt8]?)
}

/// A mouse button press or release.
public struct PointerEvent: Hashable, Sendable {
    public var button: PointerButton
    /// Position, points.
    public var x: Double, y: Double
    public var modifiers: Modifiers
    /// 1 for a single click, 2 for a double click (presses within 0.4 s and 4 points), and so on.
    public var clickCount: Int
    /// Seconds.
    public var time: Double

    public init(button: PointerButton, x: Double, y: Double, modifiers: Modifiers = [], clickCount: Int = 1, time: Double) {
        self.button = button; self.x = x; self.y = y; self.modifiers = modifiers; self.clickCount = clickCount; self.time = time
    }
}

/// Scrolling. Deltas are in wheel notches (positive y: towards the end of the content, "scroll down";
/// positive x: towards the right). Discrete wheels give whole notches; touchpads (`isPrecise`) give
/// fractional notches from XInput 2.1 smooth-scroll valuators.
public struct WheelEvent: Hashable, Sendable {
    public var deltaX: Double, deltaY: Double
    public var isPrecise: Bool
    /// Pointer position, points.
    public var x: Double, y: Double
    public var modifiers: Modifiers
    /// Seconds.
    public var time: Double

    public init(deltaX: Double, deltaY: Double, isPrecise: Bool, x: Double, y: Double, modifiers: Modifiers = [], time: Double) {
        self.deltaX = deltaX; self.deltaY = deltaY; self.isPrecise = isPrecise
        self.x = x; self.y = y; self.modifiers = modifiers; self.time = time
    }
}

/// A key press.
public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    /// The X keysym name ("Up", "q", "F2").
    public var keysymName: String
    /// The text the key types (may be empty).
    public var text: String
    public var modifiers: Modifiers
    /// Seconds.
    public var time: Double

    public init(key: Key, keysymName: String, text: String, modifiers: Modifiers = [], time: Double) {
        self.key = key; self.keysymName = keysymName; self.text = text; self.modifiers = modifiers; self.time = time
    }
}
