import Foundation
import XCTest

/// Issue 14, items 1–2 under Xvfb: Ctrl+wheel (xdotool: one process per gesture, Ctrl held around a wheel click)
/// zooms the albums screen and the album grid with an animated reflow (several distinct frames in between), and a
/// second launch with the same settings folder opens at the zoom levels of the first.
final class ZoomEndToEndTests: XCTestCase {
    /// One Ctrl+wheel notch at window point (x, y): button 4 up (larger), 5 down (smaller).
    private func ctrlWheel(_ s: AppSession, x: Double, y: Double, button: Int) throws {
        try s.xdotool(s.move(x, y) + ["sleep", "0.05", "keydown", "ctrl", "click", String(button), "keyup", "ctrl"])
    }

    /// Polls the state until `done` holds, collecting the distinct frames of the cell picked by `cell` in states that
    /// say `animating`; returns the final state and how many distinct moving frames there were.
    private func follow(_ s: AppSession, _ what: String, cell: (AppStateReading) -> [Double]?,
                        until done: (AppStateReading) -> Bool) throws -> (AppStateReading, Int, Bool) {
        var frames = Set<[Double]>(), sawAnimating = false
        var final: AppStateReading?
        AppSession.poll(timeout: 15) {
            guard let st = s.state() else { return false }
            if st.animating {
                sawAnimating = true
                if let f = cell(st) { frames.insert(f) }
            }
            if done(st) { final = st; return true }
            return false
        }
        guard let final else { throw AppSession.StateTimeout(what: what, last: s.state()?.summary ?? "none") }
        return (final, frames.count, sawAnimating)
    }

    func testCtrlWheelZoomsAlbumsAndGridWithAnimationAndTheLevelsAreRemembered() throws {
        let library = try TestLibrary.symlinked(albums: 24, photosPerAlbum: 60)
        defer { library.remove() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-zoom-config-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: config) }
        let settingsFile = config + "/photostack/settings.json"
        func saved(_ key: String) -> Int? {
            guard let data = FileManager.default.contents(atPath: settingsFile),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return (json[key] as? NSNumber)?.intValue
        }
        let env = ["XDG_CONFIG_HOME": config]

        var gridColumns = 0, gridLevel = 0
        do {
            let s = try AppSession(arguments: [library.root], width: 1920, height: 1080, environment: env)
            defer { s.stop() }
            let start = try s.expectState("3 columns, settled") { $0.int("columns") == 3 && !$0.animating && $0.cells.count > 6 }
            XCTAssertEqual(start.int("zoomLevel"), 0)
            // Ctrl+wheel down over the window: 6 columns, the stacks moving through several frames.
            try ctrlWheel(s, x: 960, y: 400, button: 5)
            let (zoomed, moving, animated) = try follow(s, "6 columns, settled",
                                                        cell: { st in st.cells.first { $0.section == 4 && $0.item == 0 }?.frame },
                                                        until: { $0.int("columns") == 6 && !$0.animating })
            XCTAssertTrue(animated, "the state said animating")
            XCTAssertGreaterThanOrEqual(moving, 2, "distinct frames of a moving stack")
            XCTAssertEqual(zoomed.int("zoomLevel"), -1)
            XCTAssertTrue(AppSession.poll(timeout: 10) { saved("albumsZoomLevel") == -1 }, "the albums' level is saved")

            // Open an album (click the first stack) and zoom its grid in with Ctrl+wheel up.
            let first = try XCTUnwrap(zoomed.cells.first { $0.section == 0 && $0.item == 0 })
            try s.click(x: first.centerX, y: first.centerY - zoomed.offsetY)
            let grid = try s.expectState("the album grid, settled") { $0.screen == "album" && !$0.animating }
            let defaultColumns = try XCTUnwrap(grid.int("columns"))
            XCTAssertGreaterThanOrEqual(defaultColumns, 6, "a desktop grid at 1920 × 1080")
            try ctrlWheel(s, x: 700, y: 500, button: 4)
            let (larger, movingGrid, animatedGrid) = try follow(s, "fewer grid columns, settled",
                                                                cell: { st in st.cells.first { $0.item == 9 }?.frame },
                                                                until: { ($0.int("columns") ?? 99) < defaultColumns && !$0.animating })
            XCTAssertTrue(animatedGrid)
            XCTAssertGreaterThanOrEqual(movingGrid, 2, "distinct frames of a moving photo")
            print("zoom e2e: \(moving) distinct frames of a moving stack, \(movingGrid) of a moving photo")
            gridColumns = try XCTUnwrap(larger.int("columns"))
            gridLevel = try XCTUnwrap(larger.int("zoomLevel"))
            XCTAssertGreaterThan(gridLevel, 0)
            XCTAssertTrue(AppSession.poll(timeout: 10) { saved("albumGridZoomLevel") == gridLevel }, "the grid's level is saved")
        }

        // A second launch with the same settings folder: both levels come back.
        let s = try AppSession(arguments: [library.root], width: 1920, height: 1080, environment: env)
        defer { s.stop() }
        let albums = try s.expectState("6 columns at launch") { $0.int("columns") == 6 && !$0.animating && !$0.cells.isEmpty }
        XCTAssertEqual(albums.int("zoomLevel"), -1)
        let first = try XCTUnwrap(albums.cells.first { $0.section == 0 && $0.item == 0 })
        try s.click(x: first.centerX, y: first.centerY - albums.offsetY)
        let grid = try s.expectState("the album grid, settled") { $0.screen == "album" && !$0.animating }
        XCTAssertEqual(grid.int("columns"), gridColumns)
        XCTAssertEqual(grid.int("zoomLevel"), gridLevel)
        XCTAssertEqual(try String(contentsOfFile: s.stderrPath, encoding: .utf8).contains("settings"), false, "no settings note")
    }
}
