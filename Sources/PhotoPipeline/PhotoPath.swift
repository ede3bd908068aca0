import Foundation

/// A file-system path kept as its raw bytes, so names that are not valid UTF-8 can still be opened.
/// `string` shows invalid sequences as U+FFFD replacement characters (display only).
public struct PhotoPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The raw path bytes (no trailing NUL).
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// All bytes in one call (an array's own hashing feeds the hasher byte by byte: cards, surfaces and requests are
    /// looked up by path several times per cell and frame).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public static func == (a: PhotoPath, b: PhotoPath) -> Bool { a.bytes == b.bytes }

    /// The path for display: invalid UTF-8 becomes U+FFFD.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { string }

    /// The last path component's raw bytes.
    public var lastComponentBytes: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// The last path component for display.
    public var lastComponent: String { String(decoding: lastComponentBytes, as: UTF8.self) }

    /// This path with `component` (raw bytes) appended after a slash.
    public func appending(_ component: [UInt8]) -> PhotoPath {
        var result = bytes
        if result.last != UInt8(ascii: "/") { result.append(UInt8(ascii: "/")) }
        result.append(contentsOf: component)
        return PhotoPath(bytes: result)
    }

    public func appending(_ component: String) -> PhotoPath { appending(Array(component.utf8)) }

    /// Calls `body` with a NUL-terminated C string of the raw bytes.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var terminated = bytes
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { try body($0) }
        }
    }

    public static func < (lhs: PhotoPath, rhs: PhotoPath) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
}
