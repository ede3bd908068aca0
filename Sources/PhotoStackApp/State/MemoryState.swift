/// The state JSON's `memory`: what the app held right after it last gave memory back (`AppMessage.releaseMemory`).
public struct MemoryState: Codable, Equatable, Sendable {
    /// Times memory was asked back so far.
    public var releases: Int
    /// Heap in use right after the last release, bytes (allocator's free memory excluded).
    public var heapInUseBytes: Int
}
