/// A small, fast, deterministic pseudo-random generator (SplitMix64, Steele, Lea & Flood 2014): the same
/// seed always gives the same sequence on every platform, so seeded layouts look the same on every launch.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `0..<bound` (rejection sampling, no modulo bias). `bound` > 0.
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let value = next()
            if value < limit { return value % bound }
        }
    }
}
