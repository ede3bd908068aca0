import PhotoPipeline

/// The proportions (width / height, displayed orientation) of a grid's photos by item, as the photo service learned
/// them — what the justified rows are laid out with, in O(1) a query. `reset` takes the grid's photos in item order
/// (O(n), when the album or its order changes); `takeNewSizes` reads the sizes the service learned since the last
/// call from its log (O(new sizes)).
struct PhotoProportions {
    /// Each item's proportions; nil while not known.
    private(set) var ratios: [Double?] = []
    private var itemByPath: [PhotoPath: Int] = [:]
    /// How much of the service's `sizeLog` was read.
    private var logPosition = 0

    /// The proportions of `photos` (in item order) as far as `service` knows them.
    mutating func reset(photos: [Photo], service: PhotoService) {
        ratios = photos.map { Self.ratio(service.originalSize(of: $0.id)) }
        itemByPath = Dictionary(photos.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        logPosition = service.sizeLog.count
    }

    /// Reads the sizes `service` learned since the last call; true when an item's proportions changed.
    mutating func takeNewSizes(from service: PhotoService) -> Bool {
        let log = service.sizeLog
        guard logPosition < log.count else { return false }
        var changed = false
        for path in log[logPosition...] {
            guard let item = itemByPath[path], let r = Self.ratio(service.originalSize(of: path)), ratios[item] != r else { continue }
            ratios[item] = r
            changed = true
        }
        logPosition = log.count
        return changed
    }

    private static func ratio(_ size: (width: Int, height: Int)?) -> Double? {
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return Double(size.width) / Double(size.height)
    }
}
