import CCairo
import CX11
import Canvas
import Foundation
import Host

/// The window's title and cursor.
extension X11Window {
    /// Sets the title: _NET_WM_NAME as UTF-8 (what current window managers show) and the ICCCM WM_NAME as
    /// STRING (Latin-1) or COMPOUND_TEXT, whichever the title fits, for older ones and tools.
    public func setTitle(_ title: String, force: Bool = false) {
        guard force || title != currentTitle else { return }
        currentTitle = title
        let bytes = Array(title.utf8)
        bytes.withUnsafeBufferPointer { p in
            _ = XChangeProperty(display, window, netWMName, utf8String, 8, PropModeReplace, p.baseAddress, Int32(p.count))
        }
        guard let text = strdup(title) else { return }
        defer { free(text) }
        var list: [UnsafeMutablePointer<CChar>?] = [text]
        var property = XTextProperty()
        if Xutf8TextListToTextProperty(display, &list, 1, XStdICCTextStyle, &property) == Success {
            XSetWMName(display, window, &property)
            XFree(property.value)
        } else {
            // Not every character converts in this locale (an em dash under the C locale): rather than drop
            // characters, give WM_NAME the UTF-8 text too, as most toolkits do.
            if property.value != nil { XFree(property.value) }
            bytes.withUnsafeBufferPointer { p in
                _ = XChangeProperty(display, window, XA_WM_NAME, utf8String, 8, PropModeReplace, p.baseAddress, Int32(p.count))
            }
        }
    }

    /// Shows `shape` over the window.
    public func setCursor(_ shape: CursorShape) {
        guard shape != currentCursor else { return }
        currentCursor = shape
        if shape == .arrow { XUndefineCursor(display, window); return }
        let c = cursors[shape] ?? XCreateFontCursor(display, 60 /* XC_hand2 */)
        cursors[shape] = c
        XDefineCursor(display, window, c)
    }
}
