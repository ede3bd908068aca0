import Foundation
import XCTest

/// The desktop files and `scripts/install.sh`: the .desktop file validates, an install into a prefix gives a
/// working `photostack --version`, icons in hicolor, a man page and the sample library the installed binary opens
/// when ~/Pictures is empty; `--uninstall` removes it all.
final class InstallEndToEndTests: XCTestCase {
    private let validator = "/usr/bin/desktop-file-validate"

    private func requireValidator() throws {
        guard FileManager.default.isExecutableFile(atPath: validator) else {
            // CI installs desktop-file-utils (scripts/install-deps.sh test): fail there rather than skip.
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("desktop-file-validate missing"); return }
            throw XCTSkip("desktop-file-validate missing: scripts/install-deps.sh test installs it")
        }
    }

    func testDesktopFileValidates() throws {
        try requireValidator()
        let file = AppSession.root.appendingPathComponent("assets/photostack.desktop").path
        let r = try AppSession.execute(validator, [file], display: nil)
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertEqual(r.out + r.err, "", "no errors, warnings or hints")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        for needle in ["Exec=photostack %F", "Icon=photostack", "Categories=Graphics;Viewer;Photography;",
                       "image/jpeg;", "image/webp;", "image/heif;", "image/avif;", "image/gif;", "image/tiff;", "image/x-adobe-dng;"] {
            XCTAssertTrue(text.contains(needle), needle)
        }
    }

    func testInstallIntoAPrefixThenUninstall() throws {
        guard FileManager.default.isExecutableFile(atPath: AppSession.binary) else {
            throw XCTSkip("\(AppSession.binary) is missing: run `swift build` first")
        }
        let fm = FileManager.default
        let prefix = fm.temporaryDirectory.appendingPathComponent("photostack-install-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: prefix) }
        let script = AppSession.root.appendingPathComponent("scripts/install.sh").path
        let install = try AppSession.execute(script, ["--prefix", prefix, "--binary", AppSession.binary], display: nil)
        XCTAssertEqual(install.status, 0, install.out + install.err)

        let version = try AppSession.execute(prefix + "/bin/photostack", ["--version"], display: nil)
        XCTAssertEqual(version.status, 0, version.err)
        XCTAssertTrue(version.out.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, version.out)

        for size in [16, 32, 48, 64, 128, 256] {
            let icon = prefix + "/share/icons/hicolor/\(size)x\(size)/apps/photostack.png"
            let bytes = try XCTUnwrap(fm.contents(atPath: icon), icon)
            XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], icon)
            // IHDR width and height (big-endian at 16 and 20).
            let w = bytes[16...19].reduce(0) { $0 << 8 | Int($1) }, h = bytes[20...23].reduce(0) { $0 << 8 | Int($1) }
            XCTAssertEqual([w, h], [size, size], icon)
        }
        let man = try String(contentsOfFile: prefix + "/share/man/man1/photostack.1", encoding: .utf8)
        XCTAssertTrue(man.contains(".TH PHOTOSTACK 1"), man)
        XCTAssertTrue(man.contains("\\fB\\-\\-snapshot\\fR"), "options come from the parser's definition")
        XCTAssertTrue(man.contains(".SS demo"), "subcommands listed")
        XCTAssertTrue(man.contains(".SH KEYS") && man.contains("Move to the Trash"), "the key bindings, from the action table")
        // The installed binary carries no symbol table (what `install --strip` leaves out).
        let symbols = try AppSession.execute("/usr/bin/env", ["readelf", "-S", prefix + "/bin/photostack"], display: nil)
        XCTAssertEqual(symbols.status, 0, symbols.err)
        XCTAssertFalse(symbols.out.contains(".symtab"), "stripped")
        if fm.isExecutableFile(atPath: validator) {
            let r = try AppSession.execute(validator, [prefix + "/share/applications/photostack.desktop"], display: nil)
            XCTAssertEqual(r.status, 0, r.out + r.err)
        }

        // The sample library, found by the installed binary beside itself: a first launch with an empty ~/Pictures shows it.
        let library = prefix + "/share/photostack/library"
        let albums = try fm.contentsOfDirectory(atPath: library).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(albums.count, 12, "\(albums)")
        let home = prefix + "-home"
        try fm.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: home) }
        let state = home + "/state.json"
        let first = try AppSession.execute("/usr/bin/env", ["-i", "HOME=\(home)", "PATH=/usr/bin:/bin", prefix + "/bin/photostack",
                                                            "--snapshot", home + "/first.png", "--state", state], display: nil)
        XCTAssertEqual(first.status, 0, first.err)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
        XCTAssertEqual(json?["screen"] as? String, "albums")
        XCTAssertEqual((json?["layout"] as? [String: Any])?["library"] as? String, library)

        let uninstall = try AppSession.execute(script, ["--prefix", prefix, "--uninstall"], display: nil)
        XCTAssertEqual(uninstall.status, 0, uninstall.err)
        let left = fm.enumerator(atPath: prefix)?.allObjects as? [String] ?? []
        XCTAssertEqual(left, [], "everything removed: \(left)")
    }
}
