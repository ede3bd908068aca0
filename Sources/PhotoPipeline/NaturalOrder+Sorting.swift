/// Sorting many names in natural order fast: each ASCII name gets a sort key once, compared with a plain
/// byte comparison, instead of comparing the names digit run by digit run at every step of the sort.
extension NaturalOrder {
    /// The indices of `names` (raw bytes) in natural order — the order `less(_:_:)` gives — stable for
    /// equal names.
    public static func sortedIndices(of names: [[UInt8]]) -> [Int] {
        var keys: [UInt8] = []
        keys.reserveCapacity(names.reduce(0) { $0 + $1.count + 4 })
        var ranges: [Range<Int>?] = []   // nil: not ASCII, compared as strings
        ranges.reserveCapacity(names.count)
        for name in names {
            guard isASCII(name) else { ranges.append(nil); continue }
            let start = keys.count
            appendKey(of: name, to: &keys)
            ranges.append(start..<keys.count)
        }
        var order = Array(names.indices)
        keys.withUnsafeBufferPointer { k in
            order.sort { i, j in
                if let ri = ranges[i], let rj = ranges[j] {
                    let a = UnsafeBufferPointer(rebasing: k[ri]), b = UnsafeBufferPointer(rebasing: k[rj])
                    let n = min(a.count, b.count)
                    for t in 0..<n where a[t] != b[t] { return a[t] < b[t] }
                    if a.count != b.count { return a.count < b.count }
                    if names[i] != names[j] { return names[i].lexicographicallyPrecedes(names[j]) }
                    return i < j
                }
                if names[i] == names[j] { return i < j }
                return less(names[i], names[j])
            }
        }
        return order
    }

    /// Appends the sort key of an ASCII name: letters in lower case; each digit run as "0", its number of
    /// significant digits, the significant digits, and its whole length (so equal numbers with fewer leading
    /// zeros come first, and the run compares with other characters as its first digit does). Byte order of
    /// two keys is `compare` order of the names.
    static func appendKey(of name: [UInt8], to keys: inout [UInt8]) {
        var i = 0
        while i < name.count {
            let c = name[i]
            if c >= 48 && c <= 57 {
                var end = i
                while end < name.count && name[end] >= 48 && name[end] <= 57 { end += 1 }
                var first = i
                while first < end - 1 && name[first] == 48 { first += 1 }
                keys.append(48)
                keys.append(UInt8(min(255, end - first)))
                keys.append(contentsOf: name[first..<end])
                keys.append(UInt8(min(255, end - i)))
                i = end
            } else {
                keys.append(asciiLower(c))
                i += 1
            }
        }
    }
}
