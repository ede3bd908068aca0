/// Estimates the velocity of a pointer (or of an offset) from time-stamped samples, after Flutter's
/// VelocityTracker: the newest 20 samples no older than 100 ms, stopping at a gap over 40 ms between
/// samples, at least 3 samples, and a weighted least-squares line per axis whose slope is the velocity.
/// Newer samples weigh more (weight 1 for the newest, falling linearly to 0.2 at 100 ms).
///
/// Positions in points, times in seconds, velocities in points per second.
public struct VelocityTracker: Sendable {
    public static let historySize = 20
    public static let horizon = 0.100
    public static let maximumGap = 0.040
    public static let minimumSamples = 3

    private var samples: [(time: Double, position: Point)] = []

    public init() {}

    /// Records the position at `time` (seconds; expected non-decreasing).
    public mutating func add(_ position: Point, time: Double) {
        samples.append((time, position))
        if samples.count > Self.historySize { samples.removeFirst(samples.count - Self.historySize) }
    }

    public mutating func reset() { samples.removeAll() }

    /// The estimated velocity, in points per second, or zero when there are too few recent samples.
    public func velocity() -> Point {
        guard let newest = samples.last else { return .zero }
        var used: [(t: Double, p: Point)] = []
        var previousTime = newest.time
        for s in samples.reversed() {
            let age = newest.time - s.time
            if age > Self.horizon || previousTime - s.time > Self.maximumGap { break }
            used.append((s.time - newest.time, s.position))
            previousTime = s.time
        }
        guard used.count >= Self.minimumSamples else { return .zero }
        return Point(x: slope(used.map { ($0.t, $0.p.x) }), y: slope(used.map { ($0.t, $0.p.y) }))
    }

    private func slope(_ data: [(t: Double, x: Double)]) -> Double {
        var sw = 0.0, st = 0.0, sx = 0.0, stt = 0.0, stx = 0.0
        for (t, x) in data {
            let w = 1 - 0.8 * min(1, -t / Self.horizon)
            sw += w; st += w * t; sx += w * x; stt += w * t * t; stx += w * t * x
        }
        let denominator = sw * stt - st * st
        guard abs(denominator) > 1e-12 * max(1, sw * stt) else { return 0 }
        return (sw * stx - st * sx) / denominator
    }
}
