import Host

extension X11Window {
    /// An XInput 2 event (`XInput2Pointer.translate`) as host events: buttons and motion in window points (divided by
    /// the device scale), smooth scrolling as precise wheel deltas, touchpad pinches (XI 2.4); times on the frame clock.
    func append(_ input: XInput2Pointer.Input, to out: inout [HostEvent]) {
        switch input {
        case let .button(press, button, x, y, state, time):
            append(self.button(press: press, button: button, x: x, y: y, state: state, time: time), to: &out)
        case let .motion(x, y, state, time):
            append(.pointerMoved(x: x / scale, y: y / scale, modifiers: Modifiers(x11State: state), time: seconds(time)), to: &out)
        case let .scroll(dx, dy, x, y, state, time):
            out.append(.wheel(WheelEvent(deltaX: dx, deltaY: dy, isPrecise: true, x: x / scale, y: y / scale,
                                         modifiers: Modifiers(x11State: state), time: seconds(time))))
        case let .pinch(phase, pinchScale, x, y, state, time):
            out.append(.pinch(PinchEvent(phase: phase, scale: pinchScale, x: x / scale, y: y / scale,
                                         modifiers: Modifiers(x11State: state), time: seconds(time))))
        }
    }
}
