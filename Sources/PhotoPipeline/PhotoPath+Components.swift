/// Path arithmetic on raw bytes (no file-system call).
extension PhotoPath {
    /// True when the path starts with "/".
    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// The folder part: everything before the last "/" ("/" for "/a", "" for a bare name).
    public var parent: PhotoPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return PhotoPath(bytes: []) }
        return slash == bytes.startIndex ? PhotoPath("/") : PhotoPath(bytes: Array(bytes[..<slash]))
    }

    /// `self` made absolute against `directory` (when relative) and normalised lexically: repeated and
    /// trailing slashes and "." components dropped, ".." removing the component before it (as a shell's
    /// `cd -L` does; links are not resolved).
    public func absolute(in directory: PhotoPath) -> PhotoPath {
        let slash = UInt8(ascii: "/")
        let full = isAbsolute ? bytes : directory.bytes + [slash] + bytes
        var parts: [ArraySlice<UInt8>] = []
        for part in full.split(separator: slash, omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        var out: [UInt8] = []
        for part in parts { out.append(slash); out += part }
        return PhotoPath(bytes: out.isEmpty ? [slash] : out)
    }
}
