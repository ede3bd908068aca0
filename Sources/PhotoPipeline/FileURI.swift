import Foundation

/// file:// URIs as the thumbnail standard (and GLib's g_filename_to_uri) builds them.
public enum FileURI {
    /// Bytes left unescaped in a path: ASCII letters, digits and !$&'()*+,-./:=@_~ (GLib's set).
    private static let allowed: Set<UInt8> = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$&'()*+,-./:=@_~".utf8))

    /// "file://" + the percent-encoded absolute path (relative paths are resolved against the working directory).
    public static func uri(for path: PhotoPath) -> String {
        var bytes = path.bytes
        if bytes.first != UInt8(ascii: "/") {
            bytes = PhotoPath(FileManager.default.currentDirectoryPath).appending(bytes).bytes
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for b in bytes {
            if allowed.contains(b) { out.append(b) } else { out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
