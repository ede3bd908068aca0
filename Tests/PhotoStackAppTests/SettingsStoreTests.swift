import Foundation
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// The settings file: round trip, tolerance of old/new/corrupt files, atomic write, default location.
final class SettingsStoreTests: XCTestCase {
    private func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "photostack-settings-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func testRoundTripCreatesTheFolderAtomically() throws {
        let dir = temporaryDirectory()
        let store = SettingsStore(path: PhotoPath(dir + "/config/photostack/settings.json"))
        var notes: [String] = []
        XCTAssertEqual(store.load(note: { notes.append($0) }), AppSettings(), "missing file: defaults")
        XCTAssertEqual(notes, [], "a missing file is not worth a note")
        let settings = AppSettings(albumsZoomLevel: 2, albumGridZoomLevel: -1, sortOrder: .taken)
        try store.write(SettingsStore.encode(settings))
        XCTAssertEqual(store.load(note: { notes.append($0) }), settings)
        XCTAssertEqual(String(decoding: SettingsStore.encode(settings), as: UTF8.self),
                       "{\n  \"albumGridStyle\" : \"square\",\n  \"albumGridZoomLevel\" : -1,\n  \"albumsZoomLevel\" : 2,\n"
                       + "  \"showsFileNames\" : false,\n  \"sortOrder\" : \"taken\"\n}\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/config/photostack")
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o700)
        try store.save(AppSettings(sortOrder: .modified))
        XCTAssertEqual(store.load().sortOrder, .modified)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/config/photostack"), ["settings.json"],
                       "no temporary file left")
    }

    func testUnknownMissingAndBadValuesAreTolerated() throws {
        let old = try SettingsStore.decode(Array(#"{"albumsZoomLevel": 3}"#.utf8))
        XCTAssertEqual(old, AppSettings(albumsZoomLevel: 3), "missing keys take defaults")
        let newer = try SettingsStore.decode(Array(#"{"sortOrder": "modified", "slideshowSeconds": 5, "window": {"w": [3, true, null, "x"]}}"#.utf8))
        var expected = AppSettings(sortOrder: .modified)
        expected.otherKeys = ["slideshowSeconds": .number(5),
                              "window": .object(["w": .array([.number(3), .bool(true), .null, .string("x")])])]
        XCTAssertEqual(newer, expected, "unknown keys kept")
        XCTAssertEqual(try SettingsStore.decode(SettingsStore.encode(newer)), newer, "and written back")
        XCTAssertTrue(String(decoding: SettingsStore.encode(newer), as: UTF8.self).contains("\"slideshowSeconds\" : 5"))
        let bad = try SettingsStore.decode(Array(#"{"sortOrder": "colour", "albumsZoomLevel": "big", "albumGridZoomLevel": 1}"#.utf8))
        XCTAssertEqual(bad, AppSettings(albumGridZoomLevel: 1), "a bad value loses only itself")
    }

    func testCorruptFileGivesDefaultsAndOneNote() throws {
        let dir = temporaryDirectory()
        for (name, content) in [("garbage", "{ not json"), ("array", "[1, 2]"), ("empty", "")] {
            let path = dir + "/\(name).json"
            FileManager.default.createFile(atPath: path, contents: Data(content.utf8))
            var notes: [String] = []
            XCTAssertEqual(SettingsStore(path: PhotoPath(path)).load(note: { notes.append($0) }), AppSettings(), name)
            XCTAssertEqual(notes.count, 1, name)
            XCTAssertTrue(notes.first?.contains(path) == true, notes.first ?? "")
        }
        // A folder where the file should be: unreadable, one note.
        try FileManager.default.createDirectory(atPath: dir + "/folder.json", withIntermediateDirectories: true)
        var notes: [String] = []
        _ = SettingsStore(path: PhotoPath(dir + "/folder.json")).load(note: { notes.append($0) })
        XCTAssertEqual(notes.count, 1)
    }

    func testDefaultPathFollowsXDG() {
        XCTAssertEqual(SettingsStore.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"]).string,
                       "/x/cfg/photostack/settings.json")
        XCTAssertEqual(SettingsStore.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]).string,
                       "/h/.config/photostack/settings.json")
        XCTAssertEqual(SettingsStore.defaultPath(environment: ["HOME": "/h"]).string, "/h/.config/photostack/settings.json")
    }

    /// Issue 32: the grid style and the file names are kept; an unknown style or a wrong type takes the default alone;
    /// this run's `--grid` is never written.
    func testTheGridStyleAndFileNamesRoundTripAndBadValuesTakeTheirDefaults() throws {
        var settings = AppSettings(albumGridStyle: .justified, showsFileNames: true)
        settings.runGridStyle = .square
        let back = try SettingsStore.decode(SettingsStore.encode(settings))
        XCTAssertEqual(back.albumGridStyle, .justified)
        XCTAssertTrue(back.showsFileNames)
        XCTAssertNil(back.runGridStyle, "the run's style is not saved")
        XCTAssertEqual(settings.gridStyleInForce, .square)
        let bad = try SettingsStore.decode(Array(#"{"albumGridStyle": "hexagons", "showsFileNames": "yes", "albumsZoomLevel": 2}"#.utf8))
        XCTAssertEqual(bad, AppSettings(albumsZoomLevel: 2))
    }
}
