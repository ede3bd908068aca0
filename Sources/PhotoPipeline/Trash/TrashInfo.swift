#if canImport(Glibc)
import Glibc
#endif

/// The contents of a `.trashinfo` file (freedesktop.org Trash specification 1.0):
///
///     [Trash Info]
///     Path=/home/ana/Pictures/Trip%20to%20Porto/IMG_0042.jpg
///     DeletionDate=2024-05-01T18:30:05
public struct TrashInfo: Equatable, Sendable {
    /// The original location, raw bytes: absolute for the home trash, relative to the top directory for a
    /// volume trash.
    public var path: [UInt8]
    /// `YYYY-MM-DDThh:mm:ss`, local time.
    public var deletionDate: String

    public init(path: [UInt8], deletionDate: String) {
        self.path = path
        self.deletionDate = deletionDate
    }

    /// The file's bytes: the group header, `Path=` percent-encoded, `DeletionDate=`, each line ending in "\n".
    public func encoded() -> [UInt8] {
        Array("[Trash Info]\nPath=\(Self.percentEncode(path))\nDeletionDate=\(deletionDate)\n".utf8)
    }

    /// Reads a `.trashinfo` file's bytes: the keys of the `[Trash Info]` group (the first of each wins);
    /// nil when the group, `Path` or `DeletionDate` is missing or the path's escapes are malformed.
    public static func parse(_ bytes: [UInt8]) -> TrashInfo? {
        var inGroup = false, path: [UInt8]?, date: String?
        // Split bytes, not Characters: "\r\n" is one Character in Swift.
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("[") { inGroup = text == "[Trash Info]"; continue }
            guard inGroup, let eq = text.firstIndex(of: "=") else { continue }
            let key = text[..<eq], value = String(text[text.index(after: eq)...])
            if key == "Path", path == nil { path = percentDecode(value) ?? [] }
            if key == "DeletionDate", date == nil { date = value }
        }
        guard let path, !path.isEmpty, let date else { return nil }
        return TrashInfo(path: path, deletionDate: date)
    }

    /// Bytes left as they are: ASCII letters, digits, `-._~` and `/`; every other byte becomes `%XX`.
    static func percentEncode(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        for b in bytes {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(b)
            default:
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `%XX` escapes back to bytes; nil on a malformed escape.
    static func percentDecode(_ text: String) -> [UInt8]? {
        let b = Array(text.utf8)
        var out = [UInt8](), i = 0
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while i < b.count {
            if b[i] == UInt8(ascii: "%") {
                guard i + 2 < b.count, let hi = nibble(b[i + 1]), let lo = nibble(b[i + 2]) else { return nil }
                out.append(hi << 4 | lo); i += 3
            } else {
                out.append(b[i]); i += 1
            }
        }
        return out
    }

    /// `YYYY-MM-DDThh:mm:ss` in the local time zone (TZ) for `epochSeconds` since the Unix epoch.
    public static func deletionDate(epochSeconds: Int) -> String {
        var t = time_t(epochSeconds), parts = tm()
        localtime_r(&t, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = String(parts.tm_year + 1900)
        return "\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
