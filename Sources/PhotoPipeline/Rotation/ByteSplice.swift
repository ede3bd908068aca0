/// One replacement in a byte string: `removed` at `offset` became `inserted`. Reversible.
public struct ByteSplice: Equatable, Sendable {
    /// Byte offset in the file.
    public var offset: Int
    public var removed: [UInt8]
    public var inserted: [UInt8]

    public init(offset: Int, removed: [UInt8], inserted: [UInt8]) {
        self.offset = offset; self.removed = removed; self.inserted = inserted
    }

    /// `bytes` with the splice applied; nil when `bytes` does not hold `removed` at `offset`.
    public func apply(to bytes: [UInt8]) -> [UInt8]? {
        guard offset >= 0, offset + removed.count <= bytes.count,
              bytes[offset..<(offset + removed.count)].elementsEqual(removed) else { return nil }
        return Array(bytes[..<offset]) + inserted + Array(bytes[(offset + removed.count)...])
    }

    /// The splice that undoes this one.
    public var reversed: ByteSplice { ByteSplice(offset: offset, removed: inserted, inserted: removed) }
}
