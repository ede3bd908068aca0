import Canvas
import PhotoPipeline

/// Card renderings that do not depend on the photo — the placeholder of a photo still loading and the broken
/// mark — made once per geometry and shared by every photo that shows them. An album opening shows a screenful
/// of placeholders at once: one rendering instead of one per cell (40 at 1920×1080 cost about 45 ms of the
/// UI thread and ~9 MB before the first thumbnail was asked for).
///
/// Held by `PhotoService` (UI thread only). The card cache still holds the shared rendering under each photo's key
/// (a reference, not a copy).
struct PlaceholderCards {
    /// A card key without its photo.
    struct Key: Hashable {
        var content: CardKey.Content
        var side: Int, scale: Int, rotation: Int?, hole: Int

        /// Nil for a card that shows a photo's image.
        init?(_ key: CardKey) {
            guard key.serialOfImage == nil, key.lifted == nil else { return nil }
            content = key.content
            side = key.side; scale = key.scale; rotation = key.rotation; hole = key.hole
        }
    }

    /// Geometries kept (the grid's at a zoom level or two, a few stacks' rotated ones), the oldest going first: a
    /// handful of cards of ~0.2 MB at most, whatever the cells ask for.
    static let capacity = 8

    private var byKey: [Key: CardRendering] = [:]
    private var order: [Key] = []

    /// The shared rendering for `key` (a placeholder or broken card), if one was made.
    func rendering(for key: CardKey) -> CardRendering? { Key(key).flatMap { byKey[$0] } }

    /// Keeps `rendering` to be shared when `key` shows no image.
    mutating func remember(_ rendering: CardRendering, for key: CardKey) {
        guard let k = Key(key), byKey[k] == nil else { return }
        byKey[k] = rendering
        order.append(k)
        if order.count > Self.capacity { byKey[order.removeFirst()] = nil }
    }

    var count: Int { byKey.count }
}

extension CardKey {
    /// The surface serial of an image card; nil for the placeholder and the broken mark.
    var serialOfImage: UInt64? {
        if case .image(let serial) = content { return serial }
        return nil
    }
}
