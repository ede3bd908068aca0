/// Natural ("human") ordering of names: digit runs compare by numeric value (img2 < img10), other text
/// compares case-insensitively; ties fall back to plain code-point order so the order is total.
public enum NaturalOrder {
    /// True when `a` sorts before `b`.
    public static func less(_ a: String, _ b: String) -> Bool {
        let r = compare(a, b)
        return r != 0 ? r < 0 : a < b
    }

    /// True when the name `a` (raw bytes) sorts before `b`: the same order as `less` on their display
    /// strings (invalid UTF-8 as U+FFFD). ASCII names are compared in place, without making strings.
    public static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if isASCII(a) && isASCII(b) {
            let r = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compare(x, y, fold: asciiLower) } }
            if r != 0 { return r < 0 }
            return a.lexicographicallyPrecedes(b)
        }
        return less(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
    }

    /// -1, 0 or 1.
    static func compare(_ a: String, _ b: String) -> Int {
        let x = a.lowercased().unicodeScalars.map(\.value), y = b.lowercased().unicodeScalars.map(\.value)
        return x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in compare(x, y, fold: { $0 }) } }
    }

    static func isASCII(_ bytes: [UInt8]) -> Bool { !bytes.contains { $0 >= 0x80 } }

    @inline(__always) static func asciiLower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }

    /// The comparison on code units (`fold` maps a unit to the one compared: lower case).
    @inline(__always)
    static func compare<T: FixedWidthInteger>(_ x: UnsafeBufferPointer<T>, _ y: UnsafeBufferPointer<T>, fold: (T) -> T) -> Int {
        var i = 0, j = 0
        @inline(__always) func isDigit(_ s: T) -> Bool { s >= 48 && s <= 57 }
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                var i2 = i, j2 = j
                while i2 < x.count && isDigit(x[i2]) { i2 += 1 }
                while j2 < y.count && isDigit(y[j2]) { j2 += 1 }
                // Skip leading zeros (keeping the last digit of a run of zeros).
                var di = i, dj = j
                while di < i2 - 1 && x[di] == 48 { di += 1 }
                while dj < j2 - 1 && y[dj] == 48 { dj += 1 }
                if (i2 - di) != (j2 - dj) { return (i2 - di) < (j2 - dj) ? -1 : 1 }
                while di < i2 {
                    if x[di] != y[dj] { return x[di] < y[dj] ? -1 : 1 }
                    di += 1; dj += 1
                }
                // Equal values: fewer leading zeros first.
                if (i2 - i) != (j2 - j) { return (i2 - i) < (j2 - j) ? -1 : 1 }
                i = i2; j = j2
            } else {
                let p = fold(x[i]), q = fold(y[j])
                if p != q { return p < q ? -1 : 1 }
                i += 1; j += 1
            }
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        return 0
    }
}
