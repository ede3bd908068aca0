/// The difference between two arrays, in UIKit batch semantics: `deletes` are old indices, `inserts`
/// new indices, `moves` (old → new) the matched elements whose relative order changed; every other
/// matched element keeps its relative order. Applying deletes and move sources to the old array,
/// then inserts and move destinations in ascending new index, yields the new array.
public struct ArrayDiff: Equatable, Sendable {
    public var deletes: [Int] = []
    public var inserts: [Int] = []
    public var moves: [Move] = []
    /// Every matched pair (old index, new index), in new order, moved or not.
    public var matches: [Move] = []

    public struct Move: Hashable, Sendable {
        public var from: Int
        public var to: Int
    }

    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty }
}

/// Paul Heckel's linear-time diff ("A technique for isolating differences between files", 1978),
/// followed by a longest-increasing-subsequence pass (O(n log n)) so the fewest matched elements
/// are reported as moves.
public enum HeckelDiff {
    private enum Counter { case zero, one, many
        mutating func bump() { self = self == .zero ? .one : .many }
    }
    private struct Entry { var old = Counter.zero, new = Counter.zero, oldIndex = -1 }

    public static func diff<T: Hashable>(old: [T], new: [T]) -> ArrayDiff {
        // Pass 1–2: symbol table of occurrence counts.
        var table: [T: Entry] = [:]
        table.reserveCapacity(old.count + new.count)
        for x in new { table[x, default: Entry()].new.bump() }
        for (i, x) in old.enumerated() { table[x, default: Entry()].old.bump(); table[x]!.oldIndex = i }
        // Pass 3: elements occurring exactly once in each are matched.
        var na = [Int](repeating: -1, count: new.count)   // new index → old index
        var oa = [Int](repeating: -1, count: old.count)   // old index → new index
        for (j, x) in new.enumerated() {
            let e = table[x]!
            if e.old == .one && e.new == .one { na[j] = e.oldIndex; oa[e.oldIndex] = j }
        }
        // Pass 4–5: extend matches to equal unmatched neighbours, forwards then backwards.
        if !new.isEmpty {
            for j in 0..<(new.count - 1) {
                let i = na[j]
                if i >= 0, i + 1 < old.count, na[j + 1] < 0, oa[i + 1] < 0, new[j + 1] == old[i + 1] {
                    na[j + 1] = i + 1; oa[i + 1] = j + 1
                }
            }
            for j in stride(from: new.count - 1, to: 0, by: -1) {
                let i = na[j]
                if i > 0, na[j - 1] < 0, oa[i - 1] < 0, new[j - 1] == old[i - 1] {
                    na[j - 1] = i - 1; oa[i - 1] = j - 1
                }
            }
        }
        var result = ArrayDiff()
        result.deletes = oa.indices.filter { oa[$0] < 0 }
        result.inserts = na.indices.filter { na[$0] < 0 }
        let matched = na.indices.filter { na[$0] >= 0 }
        result.matches = matched.map { ArrayDiff.Move(from: na[$0], to: $0) }
        let keep = longestIncreasingSubsequence(matched.map { na[$0] })
        for (k, j) in matched.enumerated() where !keep.contains(k) {
            result.moves.append(ArrayDiff.Move(from: na[j], to: j))
        }
        return result
    }

    /// Positions (into `values`) of one longest strictly increasing subsequence.
    static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []               // positions of the smallest tail for each length
        var previous = [Int](repeating: -1, count: values.count)
        for (k, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[k] = tails[lo - 1] }
            if lo == tails.count { tails.append(k) } else { tails[lo] = k }
        }
        var out = Set<Int>()
        var k = tails.last ?? -1
        while k >= 0 { out.insert(k); k = previous[k] }
        return out
    }
}
