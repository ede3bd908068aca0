/// How many files of a folder are not shown, by reason (so the app can say "12 photos · 3 files not shown").
/// Hidden files (names starting with ".") are not counted: they are skipped on purpose.
public struct NotShownCounts: Hashable, Sendable, Codable {
    public var videos: Int32 = 0
    public var sidecars: Int32 = 0
    public var unsupported: Int32 = 0
    public var unreadable: Int32 = 0

    public init() {}

    public init(videos: Int32 = 0, sidecars: Int32 = 0, unsupported: Int32 = 0, unreadable: Int32 = 0) {
        self.videos = videos; self.sidecars = sidecars; self.unsupported = unsupported; self.unreadable = unreadable
    }

    /// Every file not shown.
    public var total: Int { Int(videos) + Int(sidecars) + Int(unsupported) + Int(unreadable) }

    /// True when every file was shown.
    public var isEmpty: Bool { total == 0 }

    /// The count for one reason.
    public subscript(reason: NotShownReason) -> Int32 {
        get {
            switch reason {
            case .video: return videos
            case .sidecar: return sidecars
            case .unsupported: return unsupported
            case .unreadable: return unreadable
            }
        }
        set {
            switch reason {
            case .video: videos = newValue
            case .sidecar: sidecars = newValue
            case .unsupported: unsupported = newValue
            case .unreadable: unreadable = newValue
            }
        }
    }

    /// Adds one file for `reason`.
    public mutating func add(_ reason: NotShownReason) { self[reason] += 1 }

    /// Both counts added.
    public static func + (a: NotShownCounts, b: NotShownCounts) -> NotShownCounts {
        NotShownCounts(videos: a.videos + b.videos, sidecars: a.sidecars + b.sidecars,
                       unsupported: a.unsupported + b.unsupported, unreadable: a.unreadable + b.unreadable)
    }
}
