/// Identifies one request to `ImageLoader`.
public struct LoadRequestID: Hashable, Sendable, Comparable {
    public let value: UInt64
    public static func < (lhs: LoadRequestID, rhs: LoadRequestID) -> Bool { lhs.value < rhs.value }
}
