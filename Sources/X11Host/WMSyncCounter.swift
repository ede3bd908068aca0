import CX11
import CXext

/// The client side of the EWMH `_NET_WM_SYNC_REQUEST` protocol, which makes live resizing by the window manager
/// smooth: the window owns an XSync counter (X Synchronization extension, libXext) named in its
/// `_NET_WM_SYNC_REQUEST_COUNTER` property and lists `_NET_WM_SYNC_REQUEST` in `WM_PROTOCOLS`. Before a resize
/// step the manager sends a `WM_PROTOCOLS` client message with a value; after the `ConfigureNotify` that follows
/// has been handled and the frame at the new size presented, the client sets the counter to that value — and
/// the manager waits for it before the next step, so it never outruns the drawing (as GTK and Chromium do:
/// the value becomes due at the configure and is answered after the next paint).
///
/// Not thread-safe: the loop thread only. Raw display pointers stay in this file and `X11Window`.
final class WMSyncCounter {
    private let display: OpaquePointer
    /// The counter's XID, as published in `_NET_WM_SYNC_REQUEST_COUNTER`.
    let counter: XSyncCounter
    /// The `_NET_WM_SYNC_REQUEST` atom (the protocol's name in `WM_PROTOCOLS` and in the requests' l[0]).
    let requestAtom: Atom
    /// A value the manager announced whose `ConfigureNotify` has not arrived yet.
    private var announced: XSyncValue?
    /// A value whose configure has been handled: set the counter once a frame is presented.
    private var due: XSyncValue?

    /// Creates the counter (value 0) and publishes it on `window`; nil when the server has no XSync extension
    /// (the window then simply does not take part in the protocol).
    init?(display: OpaquePointer, window: Window) {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XSyncQueryExtension(display, &eventBase, &errorBase) != 0,
              XSyncInitialize(display, &major, &minor) != 0 else { return nil }
        self.display = display
        counter = XSyncCreateCounter(display, XSyncValue(hi: 0, lo: 0))
        guard counter != 0 else { return nil }
        requestAtom = XInternAtom(display, "_NET_WM_SYNC_REQUEST", 0)
        var id = Int(counter)   // format-32 properties take C longs
        withUnsafeBytes(of: &id) { p in
            _ = XChangeProperty(display, window, XInternAtom(display, "_NET_WM_SYNC_REQUEST_COUNTER", 0), 6 /* CARDINAL */, 32,
                                PropModeReplace, p.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    deinit { XSyncDestroyCounter(display, counter) }

    /// A `_NET_WM_SYNC_REQUEST` message with the value's low and high 32 bits (l[2], l[3]).
    func requested(low: Int, high: Int) {
        announced = XSyncValue(hi: Int32(truncatingIfNeeded: high), lo: UInt32(truncatingIfNeeded: low))
    }

    /// A `ConfigureNotify` for the window arrived (real or synthetic, resized or not): the announced value is due.
    func configured() {
        guard let v = announced else { return }
        due = v
        announced = nil
    }

    /// True when a frame must be presented to answer the manager (it waits for that frame).
    var isAwaitingFrame: Bool { due != nil }

    /// A frame was presented (or the back buffer copied) at the configured size: answers the manager.
    func framePresented() {
        guard let v = due else { return }
        due = nil
        XSyncSetCounter(display, counter, v)
    }
}
