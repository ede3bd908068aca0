import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `LibraryLaunch` needs from the process, injected so tests can give their own.
public struct LaunchEnvironment: Sendable {
    /// Environment variables (HOME, XDG_CONFIG_HOME).
    public var variables: [String: String]
    /// The directory relative arguments are resolved against.
    public var currentDirectory: String
    /// The home folder: `$HOME` when set and absolute, else the password database's; nil if neither.
    public var homeDirectory: String?
    /// The bundled sample library, if it was found.
    public var sampleLibrary: String?

    public init(variables: [String: String], currentDirectory: String, homeDirectory: String?, sampleLibrary: String?) {
        self.variables = variables; self.currentDirectory = currentDirectory
        self.homeDirectory = homeDirectory; self.sampleLibrary = sampleLibrary
    }

    /// This process's environment, with `sampleLibrary` found by the caller (the app's `SampleLibrary.locate()`).
    public static func current(sampleLibrary: String?) -> LaunchEnvironment {
        let variables = ProcessInfo.processInfo.environment
        var home = variables["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        if home == nil, let pw = getpwuid(geteuid()), let dir = pw.pointee.pw_dir { home = String(cString: dir) }
        return LaunchEnvironment(variables: variables, currentDirectory: FileManager.default.currentDirectoryPath,
                                 homeDirectory: home, sampleLibrary: sampleLibrary)
    }
}
