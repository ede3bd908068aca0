/// Timing for the collection view's animated changes (batch updates, layout switches, animated
/// invalidation).
public struct AnimationOptions: Hashable, Sendable {
    /// Length, in seconds.
    public var duration: Double
    public var curve: TimingCurve

    public init(duration: Double, curve: TimingCurve) {
        self.duration = duration
        self.curve = curve
    }

    /// 0.3 s cubic ease-in-out: the default for updates, layout switches and reflow.
    public static let standard = AnimationOptions(duration: 0.3, curve: .easeInOut)
}
