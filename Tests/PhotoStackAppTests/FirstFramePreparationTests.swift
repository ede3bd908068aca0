import Canvas
import XCTest
@testable import PhotoStackApp

/// Issue 18 (warm launch): what a first frame would otherwise make on the UI thread — the window-sized pre-tiled
/// background (a ~10 MB paint at 1920×1080) — is made by the screens' update, which a launch runs while it waits for
/// its thumbnails (`FirstFrameWait`), so the first frame is only copies and composites.
final class FirstFramePreparationTests: XCTestCase {
    func testTheAlbumsScreenMakesItsBackgroundInTheUpdateBeforeAnyFrame() throws {
        let h = BrowserHarness(width: 1100, height: 700)   // scans and settles (frames drawn)
        BackgroundTexture.dropPreTiledSurfaces()            // as at launch: never filled
        h.update()
        let texture = try XCTUnwrap(h.browser.albums.background)
        let tiled = try XCTUnwrap(texture.preTiledSurface, "made by the update, before the first frame")
        XCTAssertGreaterThanOrEqual(tiled.pixelWidth, 1100 + texture.tile.pixelWidth)
        XCTAssertGreaterThanOrEqual(tiled.pixelHeight, 700 + texture.tile.pixelHeight)
    }

    func testAnAlbumOpenedAtLaunchMakesItsBackgroundInTheUpdateBeforeAnyFrame() throws {
        let h = BrowserHarness(width: 900, height: 1300, scale: 2)
        h.browser.openAlbum(0, animated: false, at: h.clock.now)
        BackgroundTexture.dropPreTiledSurfaces()
        h.update()
        let album = try XCTUnwrap(h.browser.top as? AlbumScreen)
        let texture = try XCTUnwrap(album.background)
        let tiled = try XCTUnwrap(texture.preTiledSurface, "made by the update, before the first frame")
        XCTAssertGreaterThanOrEqual(tiled.pixelWidth, 1800 + texture.tile.pixelWidth, "device pixels at scale 2")
        XCTAssertGreaterThanOrEqual(tiled.pixelHeight, 2600 + texture.tile.pixelHeight)
    }
}
