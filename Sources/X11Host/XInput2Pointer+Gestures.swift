import CXi
import Host

/// XInput 2.4 touchpad gestures: pinches become `.pinch` inputs (swipes are not selected).
///
/// A server of XInput 2.4 or later (X.Org 21.1+) sends `XI_GesturePinchBegin/Update/End` for a touchpad driven by
/// libinput when a client selects them; the begin comes when libinput has told a pinch from a two-finger scroll, so
/// the scroll valuators and the pinch never describe the same movement. Xvfb sends none: the decoding below is
/// tested with synthetic events.
extension XInput2Pointer {
    /// The event types selected on a server that has XInput 2.4.
    static let pinchEventTypes: [Int32] = [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd]

    /// Decodes the data of an XI 2.4 pinch event cookie (an `XIGesturePinchEvent`, as `XGetEventData` leaves it),
    /// or nil when `evtype` is not a pinch. Positions stay in window pixels; `scale` is the fingers' spread relative
    /// to the start of the gesture (1 at the begin); an end flagged `XIGesturePinchEventCancelled` is `.cancelled`.
    static func pinch(evtype: Int32, data: UnsafeRawPointer) -> Input? {
        let e = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
        let phase: PinchEvent.Phase
        switch evtype {
        case XI_GesturePinchBegin: phase = .began
        case XI_GesturePinchUpdate: phase = .changed
        case XI_GesturePinchEnd: phase = (e.flags & Int32(XIGesturePinchEventCancelled)) != 0 ? .cancelled : .ended
        default: return nil
        }
        // A begin reports 1; a server that sent 0 (no spread measured yet) means the same.
        let scale = e.scale > 0 && e.scale.isFinite ? e.scale : 1
        return .pinch(phase: phase, scale: scale, x: e.event_x, y: e.event_y, state: UInt32(bitPattern: e.mods.effective), time: e.time)
    }
}
