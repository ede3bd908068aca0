/// Maps X server timestamps (milliseconds on the server's 32-bit clock, wrapping every ~49.7 days) onto the
/// app's frame clock (seconds), so input events and frames share one time base.
///
/// The offset between the two clocks is the smallest delivery delay seen so far: an event can arrive late
/// (the app was busy starting up, scanning, drawing a long frame) but never early, so whenever an event would
/// map to a time after `now` the offset is re-based to put it exactly at `now`. A first event that arrived
/// late therefore cannot push every later event into the future (a fling released then would sit still until
/// the frame clock caught up). Intervals between events are kept exactly as the server stamped them.
/// Server times are unwrapped into a 64-bit count through the signed 32-bit difference from the previous
/// event, which also tolerates events that come slightly out of order.
public struct ServerTimeMapping: Sendable {
    /// Events mapped more than this many seconds before `now` re-base the offset too: the server's clock was
    /// changed, or it runs at a different rate on another machine. (A local server stamps with the same
    /// monotonic clock the app uses.)
    public static let maximumDelay = 2.0

    /// Frame-clock seconds minus unwrapped server seconds; nil before the first event.
    public private(set) var offset: Double?
    private var lastServerTime: UInt32 = 0
    private var unwrapped: Int64 = 0

    public init() {}

    /// The frame-clock time, seconds, of an event the server stamped `serverTime` (milliseconds; only the
    /// low 32 bits count), delivered at `now` (frame-clock seconds). Never after `now`.
    public mutating func seconds(serverTime: UInt, now: Double) -> Double {
        let t = UInt32(truncatingIfNeeded: serverTime)
        if offset == nil {
            unwrapped = Int64(t)
        } else {
            unwrapped += Int64(Int32(bitPattern: t &- lastServerTime))
        }
        lastServerTime = t
        let x = Double(unwrapped) / 1000
        if let off = offset, x + off <= now, now - (x + off) <= Self.maximumDelay { return x + off }
        offset = now - x
        return now
    }
}
