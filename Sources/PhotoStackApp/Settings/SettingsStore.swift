import Foundation
import PhotoPipeline

/// The settings file, `$XDG_CONFIG_HOME/photostack/settings.json` (default `~/.config/photostack/…`).
///
/// The app loads once at start-up (off the UI thread or before the window opens) and saves in two steps so
/// the UI thread never writes: `encode(_:)` is pure (call it where the settings live), `write(_:)` does the
/// file system (call it on a background queue). Writes are atomic (temporary file + rename); a missing file
/// gives the defaults silently, an unreadable or corrupt one the defaults and one note on stderr.
public struct SettingsStore: Sendable {
    /// The settings file.
    public let path: PhotoPath

    public init(path: PhotoPath) { self.path = path }

    /// `$XDG_CONFIG_HOME/photostack/settings.json` when that variable is an absolute path, else
    /// `$HOME/.config/photostack/settings.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> PhotoPath {
        let base: PhotoPath
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = PhotoPath(config)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = PhotoPath(home).appending(".config")
        }
        return base.appending("photostack/settings.json")
    }

    /// The store at the default path for this environment.
    public static func forCurrentUser(environment: [String: String] = ProcessInfo.processInfo.environment) -> SettingsStore {
        SettingsStore(path: defaultPath(environment: environment))
    }

    /// Reads the settings: the defaults when the file is missing; the defaults and one `note` (default:
    /// a line on stderr) when it cannot be read or is not a settings JSON object. Touches the file system.
    public func load(note: (String) -> Void = SettingsStore.printToStandardError) -> AppSettings {
        do {
            guard let bytes = try AtomicFile.read(path, limit: 1 << 20) else { return AppSettings() }
            return try Self.decode(bytes)
        } catch let error as AtomicFile.FileError {
            note("photostack: ignoring the settings file (\(error)); using the defaults")
        } catch {
            note("photostack: ignoring the settings file \(path): not valid settings JSON; using the defaults")
        }
        return AppSettings()
    }

    /// Settings from JSON bytes (unknown keys ignored, missing keys defaulted). Throws when the bytes are not
    /// a JSON object.
    public static func decode(_ bytes: [UInt8]) throws -> AppSettings {
        try JSONDecoder().decode(AppSettings.self, from: Data(bytes))
    }

    /// The file's bytes for `settings`: pretty-printed JSON with sorted keys and a final newline. Pure.
    public static func encode(_ settings: AppSettings) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding three plain fields cannot fail.
        return Array((try? encoder.encode(settings)) ?? Data("{}".utf8)) + [UInt8(ascii: "\n")]
    }

    /// Writes encoded settings atomically, creating the folder (0700) when missing. Touches the file system:
    /// call it off the UI thread.
    public func write(_ bytes: [UInt8]) throws(AtomicFile.FileError) {
        try AtomicFile.write(bytes, to: path, mode: 0o600, createFolders: true)
    }

    /// `write(encode(settings))`, for callers already off the UI thread.
    public func save(_ settings: AppSettings) throws(AtomicFile.FileError) {
        try write(Self.encode(settings))
    }

    /// Writes `message` and a newline to stderr.
    public static func printToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
