/// Errors from creating, reading or writing surfaces.
public enum CanvasError: Error, CustomStringConvertible, Sendable {
    case cairo(String)
    case invalidPixelBuffer(String)

    public var description: String {
        switch self {
        case .cairo(let message): return "cairo: \(message)"
        case .invalidPixelBuffer(let message): return "pixel buffer: \(message)"
        }
    }
}
