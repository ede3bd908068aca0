import Canvas
import PhotoPipeline

extension PhotoService {
    /// How soon a cell needs its card.
    public enum CardNeed {
        /// On screen at rest: built on the UI thread now if not ready (a queued build is taken back, a running
        /// one awaited), so a still screen always shows exact cards.
        case now
        /// On screen while scrolling: built in the background ahead of everything else; the cell draws the
        /// quick card until it arrives (through the inbox).
        case whileScrolling
        /// Live but off screen: built in the background, after the urgent builds.
        case ahead
    }

    /// What a card for `photo` shows at `pixelSize`: its image (the best surface so far), the broken mark or the
    /// placeholder, with the content part of its `CardKey`.
    public func cardContent(for photo: PhotoPath, pixelSize: Int) -> (content: PhotoCardContent, key: CardKey.Content) {
        if let item = image(for: photo, pixelSize: pixelSize) { return (.image(item.surface), .image(serial: item.serial)) }
        if case .failed = status(of: photo) { return (.broken, .broken) }
        return (.loading, .loading)
    }

    /// Prepares the rotated card `key` (update phase) — `side` points at `pixelsPerPoint`, rotated by
    /// `rotation` radians, its middle covered by `covered` device pixels — as soon as `need` says, and keeps it
    /// in this frame.
    public func prepareCard(_ key: CardKey, content: PhotoCardContent, side: Double, pixelsPerPoint: Double,
                            rotation: Double, covered: Double, need: CardNeed) {
        wantCard(key)
        guard !cards.contains(key) else { cards.mark(key); return }
        let input = CardBuilders.Input(key: key, content: content, side: side, pixelsPerPoint: pixelsPerPoint,
                                       rotation: rotation, covered: covered)
        switch need {
        case .ahead:
            builders.submit(input, urgent: false)
        case .whileScrolling:
            builders.submit(input, urgent: true)
        case .now:
            var card: RotatedPhotoCard?
            switch builders.claim(key) {
            case .built(let c): card = c
            case .notStarted, .none:
                builders.count { $0.builtOnUIThread += 1 }
                card = input.build()
            }
            if let card { cards.insert(.rotated(card), for: key) }
        }
    }

    /// Keeps the rotated card `key` in this frame if it is held (while elements animate, no new card is built).
    public func keepCard(_ key: CardKey) {
        wantCard(key)
        cards.mark(key)
    }

    /// Prepares the unrotated card `key` (drawn with any transform: lifted, animating) and keeps it in this frame:
    /// built on the UI thread when missing — unless `anySize` and a card of the same photo and content exists
    /// at another size (while sizes animate, that one is drawn scaled).
    public func prepareUnrotatedCard(_ key: CardKey, content: PhotoCardContent, side: Double, deviceScale: Double, anySize: Bool) {
        if cards.contains(key) { cards.mark(key); return }
        if anySize, let k = cards.latestUnrotatedKey(photo: key.photo, content: key.content) { cards.mark(k); return }
        guard let card = try? CachedPhotoCard(content, side: side, deviceScale: deviceScale) else { return }
        builders.count { $0.unrotatedOnUIThread += 1 }
        cards.insert(.unrotated(card), for: key)
    }

    // MARK: Queries (draw phase)

    /// The rotated card `key`, if built.
    public func rotatedCard(_ key: CardKey) -> RotatedPhotoCard? { cards.rotated(key) }

    /// The unrotated card `key`, else the latest unrotated card of the same photo and content (any size).
    public func unrotatedCard(_ key: CardKey) -> CachedPhotoCard? {
        cards.unrotated(key) ?? cards.latestUnrotated(photo: key.photo, content: key.content)
    }

    /// Counts a card drawn by the quick path (the frame bench reports it).
    func countQuickDraw() { builders.count { $0.quickDraws += 1 } }

    private func wantCard(_ key: CardKey) { wantedCards.insert(key) }

}
