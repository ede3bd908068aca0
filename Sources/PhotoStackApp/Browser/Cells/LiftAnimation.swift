import StackEngine

/// The hover lift of one stack: eases between 0 (resting) and 1 (lifted) over `duration` seconds,
/// restarting from wherever it is when the target changes.
struct LiftAnimation {
    static let duration = 0.16
    var from: Double
    var to: Double
    var start: Double

    func value(at t: Double) -> Double {
        let f = min(1, max(0, (t - start) / Self.duration))
        return from + (to - from) * TimingCurve.easeInOut.progress(at: f)
    }

    func isFinished(at t: Double) -> Bool { t - start >= Self.duration }
}
