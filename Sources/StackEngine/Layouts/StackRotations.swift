/// The small rotations of the photos in a stack (seed-systems §1): a fixed table drawn once from a seed.
public enum StackRotations {
    /// Number of rotations in the table.
    public static let count = 32
    /// Smallest fraction of a full turn, in steps of `step` (−0.0110).
    public static let minimumStep = -110
    /// Largest fraction of a full turn, in steps of `step` (+0.0109).
    public static let maximumStep = 109
    /// The granularity of the fractions (0.0001 of a turn).
    public static let step = 0.0001
    /// Minimum difference between consecutive fractions, in steps (0.006 of a turn).
    public static let minimumDifferenceSteps = 60

    /// `count` fractions p of a full turn, uniform in [−0.0110, +0.0109] in steps of 0.0001, each redrawn
    /// until it differs from the previous one by at least 0.006. Deterministic for a given seed.
    /// (The photo's angle is 2π(1 + p), the same as 2πp radians.)
    public static func fractions(seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        let span = UInt64(maximumStep - minimumStep + 1)
        var steps: [Int] = []
        steps.reserveCapacity(count)
        while steps.count < count {
            let k = minimumStep + Int(rng.next(below: span))
            if let previous = steps.last, abs(k - previous) < minimumDifferenceSteps { continue }
            steps.append(k)
        }
        return steps.map { Double($0) * step }
    }

    /// The rotation angles, in radians (2πp, the reduced form of 2π(1 + p)), for `seed`.
    public static func angles(seed: UInt64) -> [Double] {
        fractions(seed: seed).map { 2 * Double.pi * $0 }
    }

    /// The table index a photo uses: (section × 3 + item) mod 32.
    public static func index(section: Int, item: Int) -> Int {
        ((section &* 3 &+ item) % count + count) % count
    }
}
