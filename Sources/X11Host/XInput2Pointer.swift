import CX11
import CXi
import Host

/// XInput 2.1 pointer input: buttons, motion and smooth-scroll valuators of the master pointer; XInput 2.4 touchpad
/// pinches where the server has them (`XInput2Pointer+Gestures.swift`).
///
/// When XI 2.1 is present the window selects XI2 button and motion events instead of the core ones.
/// The server then emulates in both directions — smooth-scroll motion for wheel button presses and
/// wheel button presses for smooth scrolling — and flags the emulated copies with XIPointerEmulated.
/// This class drops every emulated copy, so each physical scroll is delivered exactly once: whole notches
/// from a wheel, fractional notches (valuator delta ÷ increment) from a touchpad.
final class XInput2Pointer {
    /// One decoded XI2 pointer event, in window pixels and X server milliseconds.
    enum Input {
        case button(press: Bool, button: Int, x: Double, y: Double, state: UInt32, time: UInt)
        case motion(x: Double, y: Double, state: UInt32, time: UInt)
        /// Smooth scroll, in notches (positive: down / right).
        case scroll(dx: Double, dy: Double, x: Double, y: Double, state: UInt32, time: UInt)
        /// A touchpad pinch (XI 2.4): `scale` relative to the gesture's start (`XInput2Pointer+Gestures.swift`).
        case pinch(phase: PinchEvent.Phase, scale: Double, x: Double, y: Double, state: UInt32, time: UInt)
    }

    private struct ScrollAxis { var number: Int32; var vertical: Bool; var increment: Double }

    private let display: OpaquePointer
    /// The XInputExtension major opcode (GenericEvent cookies carry it).
    let opcode: Int32
    /// Scroll axes per source (slave) device id.
    private var axes: [Int32: [ScrollAxis]] = [:]
    /// Last seen value per (source device, valuator number), to turn absolute values into deltas.
    private var lastValue: [Int64: Double] = [:]

    /// True when the server has XInput 2.4 and touchpad pinches are selected.
    let selectsPinches: Bool

    /// Selects XI2 pointer events on `window` (and touchpad pinches from XI 2.4), or returns nil when the server
    /// lacks XInput 2.1.
    init?(display: OpaquePointer, window: Window) {
        var op: Int32 = 0, ev: Int32 = 0, err: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &op, &ev, &err) != 0 else { return nil }
        // Ask once for the newest version used (the server answers with what it has; a second query with another
        // version is an error on newer servers).
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else { return nil }
        self.display = display
        opcode = op
        selectsPinches = major > 2 || minor >= 4
        var bits = [UInt8](repeating: 0, count: 4)
        var types = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_DeviceChanged]
        if selectsPinches { types += Self.pinchEventTypes }
        for t in types { bits[Int(t) >> 3] |= UInt8(1 << (Int(t) & 7)) }
        bits.withUnsafeMutableBufferPointer { buf in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    /// Forgets the last valuator values (after the pointer left the window the next delta would be stale).
    func resetScrollBase() { lastValue.removeAll() }

    /// Decodes a GenericEvent; returns nil for events that are not ours or must be dropped.
    func translate(_ event: inout XEvent) -> Input? {
        guard event.xcookie.extension == opcode, XGetEventData(display, &event.xcookie) != 0 else { return nil }
        defer { XFreeEventData(display, &event.xcookie) }
        let cookie = event.xcookie
        if cookie.evtype == XI_DeviceChanged {
            axes.removeAll(); lastValue.removeAll()
            return nil
        }
        guard let data = cookie.data else { return nil }
        if Self.pinchEventTypes.contains(cookie.evtype) { return Self.pinch(evtype: cookie.evtype, data: data) }
        let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        let emulated = (e.flags & Int32(XIPointerEmulated)) != 0
        let state = UInt32(bitPattern: e.mods.effective)
        switch cookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            if emulated { return nil } // a wheel press the server made up from smooth scrolling
            return .button(press: cookie.evtype == XI_ButtonPress, button: Int(e.detail), x: e.event_x, y: e.event_y, state: state, time: e.time)
        case XI_Motion:
            var dx = 0.0, dy = 0.0
            for axis in scrollAxes(of: e.sourceid) {
                guard let v = valuator(e.valuators, number: axis.number) else { continue }
                let key = Int64(e.sourceid) << 32 | Int64(axis.number)
                if let last = lastValue[key], axis.increment != 0 {
                    let notches = (v - last) / axis.increment
                    if axis.vertical { dy += notches } else { dx += notches }
                }
                lastValue[key] = v
            }
            if dx != 0 || dy != 0 {
                // Smooth scroll emulated from a wheel button press: the button press itself was delivered.
                if emulated { return nil }
                return .scroll(dx: dx, dy: dy, x: e.event_x, y: e.event_y, state: state, time: e.time)
            }
            return .motion(x: e.event_x, y: e.event_y, state: state, time: e.time)
        default:
            return nil
        }
    }

    /// The value of valuator `number` in a packed XI2 valuator state, if the event carries it.
    private func valuator(_ s: XIValuatorState, number: Int32) -> Double? {
        guard let mask = s.mask, let values = s.values, Int(number) < Int(s.mask_len) * 8 else { return nil }
        guard mask[Int(number) >> 3] & UInt8(1 << (Int(number) & 7)) != 0 else { return nil }
        var index = 0
        for i in 0..<Int(number) where mask[i >> 3] & UInt8(1 << (i & 7)) != 0 { index += 1 }
        return values[index]
    }

    /// The scroll axes of a device, queried once and cached.
    private func scrollAxes(of device: Int32) -> [ScrollAxis] {
        if let a = axes[device] { return a }
        var found: [ScrollAxis] = []
        var count: Int32 = 0
        if let info = XIQueryDevice(display, device, &count) {
            for d in 0..<Int(count) {
                let dev = info[d]
                for c in 0..<Int(dev.num_classes) {
                    guard let cls = dev.classes[c] else { continue }
                    if cls.pointee.type == XIScrollClass {
                        let s = UnsafeRawPointer(cls).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                        found.append(ScrollAxis(number: s.number, vertical: s.scroll_type == XIScrollTypeVertical, increment: s.increment))
                    }
                }
            }
            XIFreeDeviceInfo(info)
        }
        axes[device] = found
        return found
    }
}
