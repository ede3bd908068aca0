/// Why a batch update was rejected. The collection view falls back to `reloadData()` before throwing,
/// so it stays consistent with the data source.
public struct BatchUpdateError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
