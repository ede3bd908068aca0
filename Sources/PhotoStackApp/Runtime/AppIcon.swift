import Foundation
import PhotoPipeline

/// The window icon's pixels for `_NET_WM_ICON`, read once at start-up before the window exists (the loop has
/// not started, so no UI-thread rule is broken): `assets/icons/photostack-SIZE.png` beside the build or
/// `$PHOTOSTACK_ASSETS/icons`, else the installed hicolor icons (`PREFIX/share/icons/hicolor/SIZExSIZE/apps`,
/// PREFIX being the folder above the executable's `bin`), else `/usr/share/icons/hicolor`.
enum AppIcon {
    static let sizes = [16, 32, 48, 64, 128]

    /// The CARDINAL array (`WindowIcon.cardinals`), empty when no icon was found.
    static func cardinals(environment: [String: String] = ProcessInfo.processInfo.environment,
                          executable: String = CommandLine.arguments.first ?? "") -> [UInt] {
        for candidate in candidates(environment: environment, executable: executable) {
            let images = candidate.compactMap { path -> PixelImage? in
                guard case .success(let file) = PNGCodec.read(path: path) else { return nil }
                return file.image
            }
            if !images.isEmpty { return WindowIcon.cardinals(images) }
        }
        return []
    }

    /// Each candidate is the list of files (one per size) of one place.
    static func candidates(environment: [String: String], executable: String) -> [[PhotoPath]] {
        var folders: [String] = []
        if let a = environment["PHOTOSTACK_ASSETS"], !a.isEmpty { folders.append(a + "/icons") }
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let prefix = dir.deletingLastPathComponent().path
        for _ in 0..<6 {
            folders.append(dir.appendingPathComponent("assets/icons").path)
            dir = dir.deletingLastPathComponent()
        }
        var out = folders.map { f in sizes.map { PhotoPath("\(f)/photostack-\($0).png") } }
        for root in [prefix + "/share/icons/hicolor", "/usr/share/icons/hicolor"] {
            out.append(sizes.map { PhotoPath("\(root)/\($0)x\($0)/apps/photostack.png") })
        }
        return out
    }
}
