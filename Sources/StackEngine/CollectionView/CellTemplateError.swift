/// Why a cell template could not be loaded.
public enum CellTemplateError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case invalidTemplate(source: String, reason: String)
    case invalidValue(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read cell template \(path): \(reason)"
        case let .invalidTemplate(source, reason): return "invalid cell template \(source): \(reason)"
        case let .invalidValue(reason): return reason
        }
    }
}
