import Canvas
import Foundation
import Host
import PhotoPipeline
import StackEngine
import XCTest
@testable import PhotoStackApp

/// Issue 32 (item 3): the Places screen — reached from the browser (Ctrl+O, the menu), where an empty or missing
/// library lands, navigable with keys and pointer; choosing an entry opens it as the library and remembers it;
/// unavailable entries are dimmed and not opened; nothing is read on the UI thread.
final class PlacesScreenTests: XCTestCase {
    let places = [
        Place(name: "Pictures", path: PhotoPath("/home/ana/Pictures"), kind: .pictures),
        Place(name: "Gone", path: PhotoPath("/home/ana/Gone"), kind: .bookmark, unavailableReason: "folder not found"),
        Place(name: "Trips", path: PhotoPath("/srv/Trips"), kind: .bookmark),
    ]

    func testKeysMoveOverEveryRowEnterOpensOnlyWhatCanBeOpenedAndEscapeGoesBack() {
        let screen = PlacesScreen(headline: "Open a folder", home: "/home/ana")
        screen.resize(width: 1024, height: 768, scale: 1, at: 0)
        var chosen: [PhotoPath] = [], backs = 0
        screen.onChoose = { chosen.append($0.path) }
        screen.onBack = { backs += 1 }
        XCTAssertFalse(screen.isReadyForSnapshot, "not ready before the entries arrive")
        screen.show(places)
        XCTAssertTrue(screen.isReadyForSnapshot)
        func key(_ k: Key) { _ = screen.handle(.key(KeyEvent(key: k, keysymName: "", text: "", modifiers: [], time: 0)), at: 0) }
        XCTAssertEqual(screen.selected, 0)
        key(.down); key(.enter)
        XCTAssertEqual(chosen, [], "the missing folder is not opened")
        XCTAssertEqual(screen.status, "Gone cannot be opened: folder not found")
        key(.down); key(.enter)
        XCTAssertEqual(chosen, [PhotoPath("/srv/Trips")])
        key(.down)
        XCTAssertEqual(screen.selected, 2, "stays on the last row")
        key(.escape)
        XCTAssertEqual(backs, 1)
        // The state: the screen, its entries and which are available; the dimmed row's alpha.
        let state = screen.state()
        guard case .list(let entries)? = state.layout["entries"] else { return XCTFail("no entries") }
        XCTAssertEqual(entries.count, 3)
        XCTAssertEqual(entries[1], .object(["name": .string("Gone"), "path": .string("/home/ana/Gone"), "kind": .string("bookmark"),
                                            "available": .bool(false), "reason": .string("folder not found")]))
        XCTAssertEqual(screen.name, "places")
        XCTAssertEqual(state.visible.map(\.alpha), [1, 0.5, 1])
    }

    /// Landed on because the pictures folder has no photos: the selection starts on the next folder that can be
    /// opened, so Enter does not just say "No photos" again.
    func testTheSelectionDoesNotStartOnTheEmptyFolder() {
        let screen = PlacesScreen(headline: "No photos in ~/Pictures — choose a folder to open", home: "/home/ana")
        screen.avoided = PhotoPath("/home/ana/Pictures")
        screen.resize(width: 1024, height: 768, scale: 1, at: 0)
        screen.show(places)
        XCTAssertEqual(screen.selected, 2, "Trips: Gone cannot be opened")
    }

    func testThePointerLightsTheRowUnderItAndAClickOpensIt() throws {
        let screen = PlacesScreen(headline: "Open a folder", home: nil)
        screen.resize(width: 1024, height: 768, scale: 1, at: 0)
        var chosen: [PhotoPath] = []
        screen.onChoose = { chosen.append($0.path) }
        screen.show(places)
        let frame = screen.rowFrames()[2]
        XCTAssertTrue(screen.handle(.pointerMoved(x: frame.x + 50, y: frame.y + 10, modifiers: [], time: 0), at: 0))
        XCTAssertEqual(screen.hovered, 2)
        XCTAssertEqual(screen.cursor, .hand)
        _ = screen.handle(.pointerDown(PointerEvent(button: .left, x: frame.x + 50, y: frame.y + 10, modifiers: [], clickCount: 1, time: 0)), at: 0)
        XCTAssertEqual(chosen, [PhotoPath("/srv/Trips")])
        // Drawn: the dimmed row's name is darker than an available one's.
        let surface = try ImageSurface(pixelWidth: 1024, pixelHeight: 768)
        screen.draw(in: CairoContext(surface: surface), width: 1024, height: 768, scale: 1)
        func brightest(_ row: Int) -> Int {
            let f = screen.rowFrames()[row]
            var m = 0
            for y in Int(f.y + 10)..<Int(f.y + 28) { for x in Int(f.x + 62)..<Int(f.x + 200) { m = max(m, Int(surface.pixel(x: x, y: y).r)) } }
            return m
        }
        XCTAssertGreaterThan(brightest(0), 220)
        XCTAssertLessThan(brightest(1), 160, "the unavailable entry is dimmed")
    }

    /// An empty pictures folder and no sample library (or one folder argument that holds no photo, or is not
    /// there) plan the Places screen with a sentence, not an exit.
    func testNothingToOpenPlansThePlacesScreenWithASentence() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-plan-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/home/Pictures", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/empty/sub", withIntermediateDirectories: true)
        let env = LaunchEnvironment(variables: [:], currentDirectory: root, homeDirectory: root + "/home", sampleLibrary: nil)
        XCTAssertEqual(try BrowserLaunch.resolve([], environment: env),
                       .places(headline: "No photos in ~/Pictures — choose a folder to open", emptyFolder: PhotoPath(root + "/home/Pictures")))
        XCTAssertEqual(try BrowserLaunch.resolve(["empty"], environment: env),
                       .places(headline: "No photos in empty — choose a folder to open", emptyFolder: PhotoPath(root + "/empty")))
        XCTAssertEqual(try BrowserLaunch.resolve(["nowhere"], environment: env), .places(headline: "nowhere: no such file or folder — choose a folder to open"))
        let sample = LaunchEnvironment(variables: [:], currentDirectory: root, homeDirectory: root + "/home", sampleLibrary: BrowserHarness.sampleLibrary)
        guard case .library(let choice) = try BrowserLaunch.resolve([], environment: sample) else { return XCTFail("the sample library opens") }
        XCTAssertEqual(choice.source, .folder(PhotoPath(BrowserHarness.sampleLibrary)))
    }

    /// The installed layout: PREFIX/bin/photostack finds PREFIX/share/photostack/library.
    func testTheInstalledSampleLibraryIsFoundBesideTheBinary() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-prefix-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: prefix) }
        try FileManager.default.createDirectory(atPath: prefix + "/share/photostack/library", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        XCTAssertEqual(SampleLibrary.locate(environment: [:], executable: prefix + "/bin/photostack"), prefix + "/share/photostack/library")
    }
}
