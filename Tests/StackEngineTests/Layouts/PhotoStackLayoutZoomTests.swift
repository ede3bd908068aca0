import XCTest
@testable import StackEngine

/// Issue 14, item 1 in the layout: the albums screen's configuration (`.scaledToWindow`, stacks at most 360 pt,
/// titles at least 20 pt) keeps the reference frames, shows two full rows of three at 1920 × 1080 and 3840 × 2160,
/// and zoom multiplies the columns keeping the 2-versus-3 rule.
final class PhotoStackLayoutZoomTests: XCTestCase {
    private let albums = [3, 2, 5, 4, 2, 3, 5, 4, 2, 3, 4, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]

    /// The layout as the albums screen configures it.
    private func desktopLayout(width: Double, height: Double, k: Int = 1) -> PhotoStackLayout {
        let layout = PhotoStackLayout()
        layout.sizing = .scaledToWindow
        layout.maximumItemSide = 360
        layout.minimumTitleHeight = 20
        layout.columnMultiplier = k
        return layout.installed(in: FakeLayoutHost(width: width, height: height, counts: albums))
    }

    func testTheReferenceFramesAreUnchangedByTheBoundsAndTheZoomDefault() {
        let portrait = desktopLayout(width: 320, height: 480)
        XCTAssertEqual(portrait.columns, 2)
        XCTAssertEqual(portrait.scale, 1)
        XCTAssertEqual(portrait.frameForStack(section: 0), Rect(x: 22, y: 22, width: 125, height: 125))
        XCTAssertEqual(portrait.frameForStack(section: 1), Rect(x: 173, y: 22, width: 125, height: 125))
        XCTAssertEqual(portrait.frameForStack(section: 2), Rect(x: 22, y: 185, width: 125, height: 125))
        XCTAssertEqual(portrait.frameForTitle(section: 0), Rect(x: 22, y: 147, width: 125, height: 26))
        XCTAssertEqual(portrait.emblemFrame, Rect(x: 110, y: -130, width: 100, height: 100))
        let landscape = desktopLayout(width: 480, height: 320)
        XCTAssertEqual(landscape.columns, 3)
        XCTAssertEqual((0..<3).map { landscape.frameForStack(section: $0).minX }, [25, 177, 330])
        XCTAssertEqual(landscape.frameForStack(section: 3), Rect(x: 25, y: 185, width: 125, height: 125))
        XCTAssertEqual(landscape.frameForTitle(section: 3).height, 26)
    }

    /// Two full rows of three stacks, titles included, in the window at offset 0; the stacks still span the width
    /// (the extra width spread between the columns, evenly).
    func testTheStackSideIsBoundedSoTwoFullRowsShow() {
        for (w, h) in [(1920.0, 1080.0), (3840, 2160)] {
            let layout = desktopLayout(width: w, height: h)
            XCTAssertEqual(layout.columns, 3, "\(w)")
            XCTAssertEqual(layout.effectiveItemSize, Size(width: 360, height: 360), "\(w)")
            XCTAssertLessThanOrEqual(layout.frameForTitle(section: 5).maxY, h, "\(w): the second row's titles show")
            XCTAssertEqual(layout.frameForStack(section: 3).minX, layout.frameForStack(section: 0).minX)
            let xs = (0..<3).map { layout.frameForStack(section: $0).minX }
            XCTAssertEqual(layout.frameForStack(section: 2).maxX, w - layout.effectiveInsets.right, accuracy: 1, "\(w)")
            XCTAssertEqual(xs[1] - xs[0], xs[2] - xs[1], accuracy: 1, "\(w): even spacing")
        }
        // Without the bound the stacks grow with the width: at 1920 × 1080 the second row's titles are below the window.
        let unbounded = PhotoStackLayout()
        unbounded.sizing = .scaledToWindow
        unbounded.installed(in: FakeLayoutHost(width: 1920, height: 1080, counts: albums))
        XCTAssertGreaterThan(unbounded.frameForTitle(section: 5).maxY, 1080)
    }

    /// 2k columns in a portrait window, 3k in a landscape one, k = 1…4, at desktop and laptop sizes; the grid spans
    /// the width, stacks stay within the bound and titles keep room for their text.
    func testZoomMultipliesTheColumnsKeepingTheRule() {
        for (w, h) in [(1920.0, 1080.0), (1080, 1920), (1280, 800), (800, 1280), (3840, 2160), (1024, 768)] {
            for k in 1...4 {
                let layout = desktopLayout(width: w, height: h, k: k)
                XCTAssertEqual(layout.columns, (w > h ? 3 : 2) * k, "\(w)×\(h), k = \(k)")
                let last = layout.frameForStack(section: layout.columns - 1)
                XCTAssertEqual(last.maxX, w - layout.effectiveInsets.right, accuracy: 1, "\(w)×\(h), k = \(k)")
                XCTAssertEqual(layout.frameForStack(section: layout.columns).minY, layout.frameForTitle(section: 0).maxY
                               + layout.effectiveSpacingY, accuracy: 1, "the next row")
                XCTAssertLessThanOrEqual(layout.effectiveItemSize.width, 360)
                XCTAssertGreaterThanOrEqual(layout.effectiveTitleHeight, 20)
                if k > 1, layout.effectiveItemSize.width < 360 {
                    XCTAssertEqual(layout.scale, w / ((w > h ? 480 : 320) * Double(k)), accuracy: 1e-9, "a k-th of the width")
                }
            }
        }
    }
}
