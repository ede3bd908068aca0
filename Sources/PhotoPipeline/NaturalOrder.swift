/// Natural ("human") ordering of names: digit runs compare by numeric value (img2 < img10), other text
/// compares case-insensitively; ties fall back to plain code-point order so the order is total.
public enum NaturalOrder {
    /// True when `a` sorts before `b`.
    public static func less(_ a: String, _ b: String) -> Bool {
        let r = compare(a, b)
        return r != 0 ? r < 0 : a < b
    }

    /// -1, 0 or 1.
    static func compare(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
        var i = 0, j = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                var i2 = i, j2 = j
                while i2 < x.count && isDigit(x[i2]) { i2 += 1 }
                while j2 < y.count && isDigit(y[j2]) { j2 += 1 }
                var dx = x[i..<i2].drop(while: { $0 == "0" }), dy = y[j..<j2].drop(while: { $0 == "0" })
                if dx.isEmpty { dx = x[(i2 - 1)..<i2] }
                if dy.isEmpty { dy = y[(j2 - 1)..<j2] }
                if dx.count != dy.count { return dx.count < dy.count ? -1 : 1 }
                for (p, q) in zip(dx, dy) where p != q { return p.value < q.value ? -1 : 1 }
                // Equal values: fewer leading zeros first.
                if (i2 - i) != (j2 - j) { return (i2 - i) < (j2 - j) ? -1 : 1 }
                i = i2; j = j2
            } else {
                if x[i] != y[j] { return x[i].value < y[j].value ? -1 : 1 }
                i += 1; j += 1
            }
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        return 0
    }
}
