import Host
import PhotoPipeline

/// The clipboard formats for some photos (pure): `text/uri-list` (RFC 2483: one file URI per line, CRLF),
/// GNOME's `x-special/gnome-copied-files` ("copy" then one URI per line: file managers paste the files), the paths
/// as UTF-8 text, and — for one photo — `image/png`, made when a program asks (it needs the file decoded).
enum ClipboardContent {
    static let uriList = "text/uri-list"
    static let gnomeCopiedFiles = "x-special/gnome-copied-files"
    static let png = "image/png"

    static func offer(for paths: [PhotoPath]) -> ClipboardOffer {
        let uris = paths.map(FileURI.uri(for:))
        var formats = [
            ClipboardOffer.Format(mimeType: uriList, bytes: Array(uris.map { $0 + "\r\n" }.joined().utf8)),
            ClipboardOffer.Format(mimeType: gnomeCopiedFiles, bytes: Array((["copy"] + uris).joined(separator: "\n").utf8)),
            ClipboardOffer.Format(mimeType: ClipboardOffer.plainText, bytes: Array(paths.map(\.string).joined(separator: "\n").utf8)),
        ]
        if paths.count == 1 { formats.append(ClipboardOffer.Format(mimeType: png, bytes: nil)) }
        return ClipboardOffer(formats: formats)
    }
}
