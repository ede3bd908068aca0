import Host

extension Modifiers {
    /// From an X11 modifier state mask (ShiftMask 1, ControlMask 4, Mod1Mask 8, Mod4Mask 64).
    init(x11State state: UInt32) {
        var m: Modifiers = []
        if state & 1 != 0 { m.insert(.shift) }
        if state & 4 != 0 { m.insert(.control) }
        if state & 8 != 0 { m.insert(.alt) }
        if state & 64 != 0 { m.insert(.superKey) }
        self = m
    }
}
