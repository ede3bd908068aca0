import XCTest
@testable import StackEngine

final class AlbumGridLayoutTests: XCTestCase {
    func testSquareCellsFillTheWidth() {
        let host = FakeLayoutHost(width: 320, height: 480, counts: [7])
        let layout = AlbumGridLayout(targetCellSide: 100, spacing: 2).installed(in: host)
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual(layout.preparedItemSize, Size(width: 105, height: 105))
        XCTAssertEqual(layout.frameForItem(at: IndexPath(item: 0, section: 0)), Rect(x: 0, y: 0, width: 105, height: 105))
        XCTAssertEqual(layout.frameForItem(at: IndexPath(item: 2, section: 0))?.maxX, 320)
        XCTAssertEqual(layout.frameForItem(at: IndexPath(item: 3, section: 0)), Rect(x: 0, y: 107, width: 105, height: 105))
        XCTAssertEqual(layout.contentSize, Size(width: 320, height: 3 * 105 + 2 * 2))
    }

    func testColumnsFollowTheWidthAndInsets() {
        let host = FakeLayoutHost(width: 1280, height: 800, counts: [50])
        let layout = AlbumGridLayout(targetCellSide: 150, spacing: 4, inset: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        layout.installed(in: host)
        XCTAssertEqual(layout.columns, 8) // (1264 + 4) / 154 = 8.2
        XCTAssertEqual(layout.itemsPerLine, 8)
        let side = layout.preparedItemSize.width
        XCTAssertEqual(side, ((1264 - 7 * 4) / 8.0).rounded(.down))
        XCTAssertEqual(layout.frameForItem(at: IndexPath(item: 7, section: 0))?.maxX ?? 0, 1272, accuracy: 1e-9)
        host.bounds = Rect(x: 0, y: 0, width: 400, height: 800)
        XCTAssertTrue(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 300, height: 800)))
        layout.invalidate(); layout.prepareIfNeeded()
        XCTAssertEqual(layout.columns, 3) // (384 + 4) / 154 = 2.52, rounded
        XCTAssertEqual(layout.preparedItemSize.width, 125)
        layout.targetCellSide = 40
        XCTAssertTrue(layout.needsPrepare)
    }

    /// Issue 32: a caption band under every cell (file names): cells side × (side + band), the columns and the side
    /// unchanged, rows a band further apart.
    func testACaptionBandMakesCellsTallerNotNarrower() {
        let host = FakeLayoutHost(width: 320, height: 480, counts: [7])
        let layout = AlbumGridLayout(targetCellSide: 100, spacing: 2).installed(in: host)
        layout.captionHeight = 24
        XCTAssertTrue(layout.needsPrepare)
        layout.prepareIfNeeded()
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual(layout.preparedItemSize, Size(width: 105, height: 129))
        XCTAssertEqual(layout.frameForItem(at: IndexPath(item: 3, section: 0)), Rect(x: 0, y: 131, width: 105, height: 129))
    }
}
