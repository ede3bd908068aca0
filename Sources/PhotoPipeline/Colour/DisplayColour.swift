import Foundation

/// The display's colour profile, shared by the UI thread (which sets it when the display's profile changes)
/// and the loader threads (which convert every image to it). sRGB until set.
public final class DisplayColour: @unchecked Sendable {
    private let lock = NSLock()
    private var current: ColourProfile = .sRGB

    public init(_ profile: ColourProfile = .sRGB) { current = profile }

    /// The profile images are converted to for showing. Thread-safe.
    public var profile: ColourProfile {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }
}
