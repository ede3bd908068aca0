/// The GTK bookmarks file (`$XDG_CONFIG_HOME/gtk-3.0/bookmarks`, default `~/.config/gtk-3.0/bookmarks`): one
/// bookmark a line, a URI and an optional label after the first space (`file:///home/ana/Trips Holidays`).
/// Pure functions: the file's text is passed in.
public enum GTKBookmarks {
    /// One bookmark: its absolute path (percent-decoded) and label (nil when the line has none).
    public struct Bookmark: Hashable, Sendable {
        public var path: PhotoPath
        public var label: String?
        public init(path: PhotoPath, label: String?) { self.path = path; self.label = label }
    }

    /// The bookmarks file for `environment` (XDG_CONFIG_HOME when absolute) and `home`.
    public static func file(environment: [String: String], home: String) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/gtk-3.0/bookmarks" }
        return home + "/.config/gtk-3.0/bookmarks"
    }

    /// The local-folder bookmarks of the file's text, in file order. Lines with other schemes (`sftp://`,
    /// `smb://`, `recent:///`), a host other than empty or `localhost`, or a malformed escape are skipped.
    public static func parse(_ text: String) -> [Bookmark] {
        var out: [Bookmark] = []
        for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = raw.trimmingTrailingSpaces
            guard !line.isEmpty else { continue }
            let uri: Substring, label: String?
            if let space = line.firstIndex(of: " ") {
                uri = line[..<space]
                let l = line[line.index(after: space)...]
                label = l.isEmpty ? nil : String(l)
            } else {
                uri = line[...]; label = nil
            }
            guard let path = path(ofFileURI: uri) else { continue }
            out.append(Bookmark(path: path, label: label))
        }
        return out
    }

    /// The absolute path of a `file://` URI (`file:///p` or `file://localhost/p`), percent-decoded as bytes;
    /// nil for other URIs.
    public static func path(ofFileURI uri: Substring) -> PhotoPath? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        var bytes: [UInt8] = []
        let raw = Array(rest.utf8)
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "%") {
                guard i + 2 < raw.count, let v = UInt8(String(decoding: raw[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(v); i += 3
            } else { bytes.append(raw[i]); i += 1 }
        }
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return PhotoPath(bytes: bytes)
    }
}

private extension Substring {
    /// Without trailing spaces and tabs.
    var trimmingTrailingSpaces: Substring {
        var s = self
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return s
    }
}
