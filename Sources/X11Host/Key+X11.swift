import Host

extension Key {
    /// Decodes an X keysym value with its name (from XKeysymToString) and typed text.
    init(keysym: UInt, name: String, text: String) {
        switch keysym {
        case 0xff52: self = .up
        case 0xff54: self = .down
        case 0xff51: self = .left
        case 0xff53: self = .right
        case 0xff55, 0xff9a: self = .pageUp
        case 0xff56, 0xff9b: self = .pageDown
        case 0xff50, 0xff95: self = .home
        case 0xff57, 0xff9c: self = .end
        case 0x20: self = .space
        case 0xff0d, 0xff8d: self = .enter
        case 0xff1b: self = .escape
        case 0xff08: self = .backspace
        case 0xff09: self = .tab
        case 0x2b, 0xffab: self = .plus
        case 0x2d, 0xffad: self = .minus
        case 0xffbe...0xffd5: self = .function(Int(keysym - 0xffbe) + 1)
        // Printable Latin-1 keysyms equal their code point, Unicode keysyms are 0x1000000 + the code point.
        // Decode these from the keysym, not the typed text: with Ctrl held XLookupString types a control
        // character ("q" becomes 0x11), and Ctrl+Q must still read as the "q" key.
        case 0x21...0x7e, 0xa0...0xff:
            self = .character(String(Character(Unicode.Scalar(UInt8(keysym)))))
        case 0x100_0020...0x110_ffff where Unicode.Scalar(UInt32(keysym - 0x100_0000)) != nil:
            self = .character(String(Character(Unicode.Scalar(UInt32(keysym - 0x100_0000))!)))
        default:
            if !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) {
                self = .character(text)
            } else {
                self = .other(name)
            }
        }
    }
}
