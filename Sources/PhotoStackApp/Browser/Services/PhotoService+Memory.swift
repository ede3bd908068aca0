/// Giving memory back: what the caches hold beyond what is on screen is rebuilt on demand (surfaces from their
/// disk thumbnails in about a millisecond each, cards by the builder threads), so when memory is asked back
/// (`AppMessage.releaseMemory`) all of it goes, not only what exceeds the budgets.
extension PhotoService {
    /// Drops the surfaces, cards and photo-view renderings not used in this frame or the previous one.
    /// Returns the bytes of surfaces and cards freed.
    @discardableResult
    public func releaseIdleMemory() -> Int {
        let freed = surfaces.evictIdle() + cards.evictIdle()
        renderings.dropSpares()
        return freed
    }
}
