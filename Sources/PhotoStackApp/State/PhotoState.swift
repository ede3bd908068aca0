/// One photo's load state in the state JSON's optional `photos` array: which element shows it,
/// its file name and whether its image is "loaded", "loading" or "failed" (with the reason).
public struct PhotoState: Codable, Equatable, Sendable {
    public var section: Int
    public var item: Int
    /// The file name (display form).
    public var file: String
    /// "loaded", "loading" or "failed".
    public var status: String
    /// Why it failed (only for "failed").
    public var reason: String?
    /// The file's size as the library last saw it, bytes (an edit shows as a new size).
    public var bytes: Int64?
    /// True when the image shown was decoded from a file that ended early or changed while read.
    public var incomplete: Bool?
    /// True while the cell rests but draws a stand-in or the quick card: its exact card is still being built
    /// (in the background; it arrives through the inbox). Absent once the exact card is drawn.
    public var cardPending: Bool?

    public init(section: Int, item: Int, file: String, status: PhotoLoadStatus, bytes: Int64? = nil, incomplete: Bool = false,
                cardPending: Bool = false) {
        self.section = section; self.item = item; self.file = file; self.status = status.name
        if case .failed(let r) = status { reason = r } else { reason = nil }
        self.bytes = bytes
        self.incomplete = incomplete ? true : nil
        self.cardPending = cardPending ? true : nil
    }
}
