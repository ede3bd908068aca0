import ArgumentParser
import Foundation

/// Options shared by every command that shows or renders a window.
public struct DisplayOptions: ParsableArguments {
    @Option(help: "Initial window size in points, WIDTHxHEIGHT (default: the size it had when last closed, else 1024x768).")
    public var size: WindowSize?

    /// The size asked for, else 1024 × 768 points.
    public var sizeOrDefault: WindowSize { size ?? WindowSize(width: 1024, height: 768) }

    @Option(help: "Device pixels per point (HiDPI). Default: Xft.dpi / 96, or PHOTOSTACK_SCALE; 1 for snapshots.")
    public var scale: Double?

    @Option(help: "Render one frame to this PNG file without opening a window (no X server needed).")
    public var snapshot: String?

    @Option(help: "Write the state JSON to this file (once with --snapshot; kept up to date in a window).")
    public var state: String?

    @Option(help: "With --snapshot: the longest time to wait for photos to load, seconds.")
    public var snapshotTimeout: Double = 10

    @Option(help: ArgumentHelp("The display's ICC profile, instead of the X root window's _ICC_PROFILE (sRGB when there is none; also with --snapshot).", valueName: "ICC-FILE"))
    public var displayProfile: String?

    /// The bytes of `--display-profile`, read when the window or snapshot starts.
    public func displayProfileBytes() throws -> [UInt8]? {
        guard let path = displayProfile else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("--display-profile: cannot read \(path)")
        }
        return Array(data)
    }

    public init() {}

    public func validate() throws {
        if let s = scale, !(s >= 0.5 && s <= 4) { throw ValidationError("--scale must be between 0.5 and 4") }
        if snapshotTimeout < 0 { throw ValidationError("--snapshot-timeout must not be negative") }
    }
}
