import Foundation

/// Finds the sample library shipped in assets/library: `$PHOTOSTACK_ASSETS/library` (or
/// `$PHOTOSTACK_ASSETS` itself when it is the library), then the installed copy beside the executable
/// (`PREFIX/bin/photostack` → `PREFIX/share/photostack/library`, what `scripts/install.sh` installs), then
/// `assets/library` in the folders above the executable (a `swift build` tree: .build/debug/photostack → the
/// repository), then the current directory, then /usr/share/photostack/library.
public enum SampleLibrary {
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = CommandLine.arguments.first ?? "") -> String? {
        let fm = FileManager.default
        func isDir(_ p: String) -> Bool {
            var d: ObjCBool = false
            return fm.fileExists(atPath: p, isDirectory: &d) && d.boolValue
        }
        var candidates: [String] = []
        if let a = environment["PHOTOSTACK_ASSETS"], !a.isEmpty {
            candidates += [(a as NSString).appendingPathComponent("library"), a]
        }
        var exe = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent("share/photostack/library").path)
        for _ in 0..<6 {
            candidates.append(exe.appendingPathComponent("assets/library").path)
            exe = exe.deletingLastPathComponent()
        }
        candidates.append((fm.currentDirectoryPath as NSString).appendingPathComponent("assets/library"))
        candidates.append("/usr/share/photostack/library")
        return candidates.first(where: isDir)
    }
}
