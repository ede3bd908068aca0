/// What the app puts on the clipboard: one or more formats of the same thing (the paths of some photos as a URI
/// list, as text, as GNOME's copied-files list; the photo as a PNG). Format names are MIME types; the host maps
/// them to its own names (X11: `text/plain;charset=utf-8` is also offered as `UTF8_STRING`).
public struct ClipboardOffer: Sendable {
    /// One format.
    public struct Format: Sendable {
        /// The MIME type ("text/uri-list", "image/png").
        public var mimeType: String
        /// The bytes now, or nil: the app makes them when a program asks (`HostEvent.clipboardRequest`).
        public var bytes: [UInt8]?

        public init(mimeType: String, bytes: [UInt8]?) {
            self.mimeType = mimeType; self.bytes = bytes
        }
    }

    /// The formats, preferred first.
    public var formats: [Format]

    public init(formats: [Format]) { self.formats = formats }

    /// The format named `mimeType`, if offered.
    public func format(_ mimeType: String) -> Format? { formats.first { $0.mimeType == mimeType } }

    /// The MIME type of plain UTF-8 text.
    public static let plainText = "text/plain;charset=utf-8"
}

/// A program asked for a deferred clipboard format: answer it with `HostServices.answerClipboardRequest(id:…)`.
public struct ClipboardRequest: Hashable, Sendable {
    /// The host's number for this request.
    public var id: Int
    /// The format asked for (a MIME type of the offer).
    public var mimeType: String

    public init(id: Int, mimeType: String) { self.id = id; self.mimeType = mimeType }
}
