import CX11
import Foundation

/// The HiDPI scale factor (device pixels per point).
enum DisplayScale {
    /// `override` if given, else PHOTOSTACK_SCALE from the environment, else Xft.dpi ÷ 96 from the X
    /// resource database (1.0 when it is not set). Clamped to 0.5…4.
    static func resolve(display: OpaquePointer, override: Double?) -> Double {
        if let o = override, o > 0 { return clamp(o) }
        if let env = ProcessInfo.processInfo.environment["PHOTOSTACK_SCALE"], let v = Double(env), v > 0 { return clamp(v) }
        guard let rms = XResourceManagerString(display) else { return 1 }
        return clamp(scale(fromResources: String(cString: rms)) ?? 1)
    }

    /// Parses "Xft.dpi:\t144" out of a resource string: 144 / 96 = 1.5.
    static func scale(fromResources text: String) -> Double? {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                  let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi > 0 else { continue }
            return dpi / 96
        }
        return nil
    }

    private static func clamp(_ v: Double) -> Double { min(4, max(0.5, v)) }
}
