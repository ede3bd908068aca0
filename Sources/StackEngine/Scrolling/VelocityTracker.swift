/// Estimates the velocity of a pointer (or of an offset) from time-stamped movement samples, after Flutter's
/// `VelocityTracker`: the newest 20 samples no older than 100 ms, stopping at a gap over 40 ms between samples,
/// at least 3 samples, and per axis a weighted least-squares *quadratic* fit of position over time whose slope at
/// the newest sample is the velocity. A quadratic follows a hand that slows down before letting go, which a
/// straight line (the average over the window) does not. Newer samples weigh more (weight 1 for the newest,
/// falling linearly to 0.2 at 100 ms; Flutter weighs them all 1).
///
/// Only movements are samples: a press adds the start, a release adds nothing. Asked at the release time, a
/// pointer that has not moved for 40 ms or more has stopped: its velocity is zero (`velocity(at:)`).
///
/// Positions in points, times in seconds, velocities in points per second.
public struct VelocityTracker: Sendable {
    public static let historySize = 20
    /// Samples older than this (seconds, before the newest) are not used.
    public static let horizon = 0.100
    /// A gap between samples, or a hold before the release, of this many seconds or more ends the motion.
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

    /// The time of the newest sample, seconds, if any.
    public var newestSampleTime: Double? { samples.last?.time }

    /// The estimated velocity at `time` (seconds; the release), in points per second: zero when the pointer has
    /// not moved for `maximumGap` or more by then, else `velocity()`.
    public func velocity(at time: Double) -> Point {
        guard let newest = samples.last, time - newest.time < Self.maximumGap - 1e-9 else { return .zero }
        return velocity()
    }

    /// The estimated velocity at the newest sample, in points per second, or zero when there are too few recent
    /// samples (or they do not determine a fit).
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
        return Point(x: Self.slope(used.map { ($0.t, $0.p.x) }), y: Self.slope(used.map { ($0.t, $0.p.y) }))
    }

    /// The slope at t = 0 of the weighted least-squares quadratic through `data` (t ≤ 0 in seconds); the
    /// straight-line slope when the samples span fewer than three distinct times; 0 when even that is undetermined.
    static func slope(_ data: [(t: Double, x: Double)]) -> Double {
        // Times in milliseconds keep the normal equations well conditioned (t² up to 10⁴ rather than 10⁻²).
        var m = [[Double]](repeating: [Double](repeating: 0, count: 3), count: 3)
        var b = [Double](repeating: 0, count: 3)
        for (t, x) in data {
            let w = 1 - 0.8 * min(1, -t / horizon), ms = t * 1000
            let powers = [1, ms, ms * ms]
            for i in 0..<3 {
                b[i] += w * powers[i] * x
                for j in 0..<3 { m[i][j] += w * powers[i] * powers[j] }
            }
        }
        // The weighted straight line: the answer when the quadratic is undetermined (repeated time stamps), and the
        // direction the quadratic must keep — bunched samples (events delivered late, stamped a millisecond apart)
        // can tilt its end the other way, and a fling never goes against the way the hand moved.
        let (sw, st, stt, sx, stx) = (m[0][0], m[0][1], m[1][1], b[0], b[1])
        let denominator = sw * stt - st * st
        let line = abs(denominator) > 1e-9 * max(1, sw * stt) ? (sw * stx - st * sx) / denominator * 1000 : 0
        if let c = solve3(m, b) {
            let quadratic = c[1] * 1000
            return quadratic * line < 0 ? line : quadratic
        }
        return line
    }

    /// Solves the 3×3 system `m`·c = `b` by Gaussian elimination with partial pivoting; nil when it is singular.
    static func solve3(_ m: [[Double]], _ b: [Double]) -> [Double]? {
        var a = m, y = b
        let scale = max(1e-300, a.joined().map(abs).max() ?? 0)
        for col in 0..<3 {
            let pivot = (col..<3).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-10 * scale else { return nil }
            a.swapAt(col, pivot); y.swapAt(col, pivot)
            for row in (col + 1)..<3 {
                let f = a[row][col] / a[col][col]
                for k in col..<3 { a[row][k] -= f * a[col][k] }
                y[row] -= f * y[col]
            }
        }
        var c = [0.0, 0, 0]
        for row in stride(from: 2, through: 0, by: -1) {
            var s = y[row]
            for k in (row + 1)..<3 { s -= a[row][k] * c[k] }
            c[row] = s / a[row][row]
        }
        return c
    }
}
