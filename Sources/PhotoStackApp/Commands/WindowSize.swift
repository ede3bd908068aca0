import ArgumentParser

/// A window size given as "WIDTHxHEIGHT" in points, e.g. "1280x800".
public struct WindowSize: ExpressibleByArgument, Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) { self.width = width; self.height = height }

    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 16384, h <= 16384 else { return nil }
        self.init(width: w, height: h)
    }

    public var defaultValueDescription: String { "\(Int(width))x\(Int(height))" }
}
