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
        /// On screen, where a stand-in (another rendering of the photo, drawn with a transform) may show for a
        /// frame or two: built in the background ahead of everything else (the end of a transition, a photo
        /// whose image just arrived).
        case soon
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
        wantCard(key, need: need)
        guard !cards.contains(key) else { cards.mark(key); return }
        let input = CardBuilders.Input(key: key, content: content, side: side, pixelsPerPoint: pixelsPerPoint,
                                       rotation: rotation, covered: covered)
        build(input, need: need)
    }

    /// Queues `input` as `need` says, or builds it on the UI thread now (`.now`); a build of it that finished
    /// since the last turn is taken at once.
    private func build(_ input: CardBuilders.Input, need: CardNeed) {
        if let card = builders.takeFinished(input.key) { cards.insert(card, for: input.key); return }
        // A placeholder or broken mark of this geometry was made for another photo: the same pixels.
        if let shared = placeholderCards.rendering(for: input.key) { cards.insert(shared, for: input.key); return }
        switch need {
        case .ahead:
            builders.submit(input, urgent: false)
        case .whileScrolling, .soon:
            builders.submit(input, urgent: true)
        case .now:
            var card: CardRendering?
            switch builders.claim(input.key) {
            case .built(let c): card = c
            case .notStarted, .none:
                builders.count { input.key.isUnrotated ? ($0.unrotatedOnUIThread += 1) : ($0.builtOnUIThread += 1) }
                card = input.build()
            }
            if let card {
                cards.insert(card, for: input.key)
                placeholderCards.remember(card, for: input.key)
            }
        }
    }

    /// Keeps the rotated card `key` in this frame if it is held (while elements animate, no new card is built).
    public func keepCard(_ key: CardKey) {
        wantCard(key)
        cards.mark(key)
    }

    /// Prepares the unrotated card `key` (drawn with any transform: lifted, animating; or pixel-aligned as the exact
    /// card of a cell resting straight) as soon as `need` says, and keeps it in this frame. `anySize`: a card of the
    /// same photo and content at another size will do (while sizes animate, it is drawn scaled). While the card is
    /// built in the background, the photo's latest unrotated card (`standIn`) is kept to be drawn instead.
    public func prepareUnrotatedCard(_ key: CardKey, content: PhotoCardContent, side: Double, deviceScale: Double,
                                     anySize: Bool, need: CardNeed = .now) {
        wantCard(key, need: need)
        if cards.contains(key) { cards.mark(key); return }
        if anySize, let k = cards.latestUnrotatedKey(photo: key.photo, content: key.content) { cards.mark(k); return }
        if need != .now, let k = cards.latestUnrotatedKey(photo: key.photo) { cards.mark(k) }
        build(CardBuilders.Input(key: key, content: content, side: side, pixelsPerPoint: deviceScale, rotation: 0, covered: 0),
              need: need)
    }

    /// Prepares the lifted card `key` (`CardKey(lifted:…)`): the unrotated card `unrotated` (`side` points at
    /// `deviceScale`) drawn through the device matrix `matrix`, scaled by `scale`, with `shadow` under it — built in the
    /// background (never on the UI thread: until it arrives the lifted frame is drawn as before), kept in this frame.
    public func prepareLiftedCard(_ key: CardKey, unrotated: CardKey, content: PhotoCardContent, side: Double, deviceScale: Double,
                                  matrix: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double), scale: Double,
                                  shadow: LiftedPhotoCard.Shadow?) {
        wantCard(key, need: .soon)
        guard !cards.contains(key) else { cards.mark(key); return }
        let lift = CardBuilders.Input.Lift(card: cards.unrotated(unrotated), matrix: matrix, scale: scale, shadow: shadow)
        build(CardBuilders.Input(key: key, content: content, side: side, pixelsPerPoint: deviceScale, rotation: 0, covered: 0, lift: lift),
              need: .soon)
    }

    /// The lifted card `key`, if built.
    public func liftedCard(_ key: CardKey) -> LiftedPhotoCard? { cards.lifted(key) }

    /// True when some unrotated card of `photo` (any size, any content) is held: it can stand in, drawn with a
    /// transform, while the card a cell needs is built.
    public func hasStandIn(for photo: PhotoPath) -> Bool { cards.latestUnrotatedKey(photo: photo) != nil }

    // MARK: Queries (draw phase)

    /// The rotated card `key`, if built.
    public func rotatedCard(_ key: CardKey) -> RotatedPhotoCard? { cards.rotated(key) }

    /// The unrotated card `key`, else the latest unrotated card of the same photo and content (any size).
    public func unrotatedCard(_ key: CardKey) -> CachedPhotoCard? {
        cards.unrotated(key) ?? cards.latestUnrotated(photo: key.photo, content: key.content)
    }

    /// True when the unrotated card `key` itself (this size, this content) is held.
    public func hasExactUnrotatedCard(_ key: CardKey) -> Bool { cards.unrotated(key) != nil }

    /// The latest unrotated card of `photo`, whatever its size and content (an older image, the placeholder).
    public func standIn(for photo: PhotoPath) -> CachedPhotoCard? {
        cards.latestUnrotatedKey(photo: photo).flatMap { cards.unrotated($0) }
    }

    /// Counts a lifted card drawn as one copy (the frame log reports it).
    func countLiftedCopy() { builders.count { $0.liftedCopies += 1 } }

    /// Counts a card drawn by the quick path (the frame bench reports it).
    func countQuickDraw() { builders.count { $0.quickDraws += 1 } }

    /// Counts a card drawn from an unrotated card with a transform (the frame log and the frame bench report it).
    func countTransformedDraw() { builders.count { $0.transformedDraws += 1 } }

    private func wantCard(_ key: CardKey, need: CardNeed? = nil) {
        wantedCards.insert(key)
        if let need, need != .ahead { onScreenCardsWanted += 1 }
    }

}
