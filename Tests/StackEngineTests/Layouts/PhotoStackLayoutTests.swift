import XCTest
@testable import StackEngine

final class PhotoStackLayoutTests: XCTestCase {
    private let albums = [3, 2, 5, 4, 2, 3, 5, 4, 2, 3, 4, 5]

    private func portrait() -> (PhotoStackLayout, FakeLayoutHost) {
        let host = FakeLayoutHost(width: 320, height: 480, counts: albums)
        return (PhotoStackLayout().installed(in: host), host)
    }

    func testReferencePortraitFrames() {
        let (layout, _) = portrait()
        XCTAssertEqual(layout.columns, 2)
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame, Rect(x: 22, y: 22, width: 125, height: 125))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame, Rect(x: 22, y: 22, width: 125, height: 125),
                       "all photos of an album share the stack frame")
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame, Rect(x: 173, y: 22, width: 125, height: 125))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))?.frame, Rect(x: 22, y: 185, width: 125, height: 125))
        XCTAssertEqual(layout.layoutAttributesForSupplementaryView(ofKind: PhotoStackLayout.titleKind, at: IndexPath(item: 0, section: 0))?.frame,
                       Rect(x: 22, y: 147, width: 125, height: 26))
        let expectedHeight: Double = 22 + 750 + 60 + 156 + 13 // 22 + 6×125 + 5×12 + 6×26 + 13
        XCTAssertEqual(layout.contentSize, Size(width: 320, height: expectedHeight))
        XCTAssertNil(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
    }

    func testLandscapeUsesThreeColumnsAndSideInsets() {
        let layout = PhotoStackLayout().installed(in: FakeLayoutHost(width: 480, height: 320, counts: albums))
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual((0..<3).map { layout.frameForStack(section: $0).minX }, [25, 177, 330])
        XCTAssertEqual(layout.frameForStack(section: 3).minY, 185)
        let expectedHeight: Double = 22 + 500 + 36 + 104 + 13 // 22 + 4×125 + 3×12 + 4×26 + 13
        XCTAssertEqual(layout.contentSize.height, expectedHeight)
    }

    func testResizeToLandscapeReflows() {
        let (layout, host) = portrait()
        host.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        layout.invalidate(); layout.prepareIfNeeded()
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual(layout.frameForStack(section: 1).minX, 177)
    }

    func testFixedSizingIsTheReferenceWhateverTheShape() {
        let layout = PhotoStackLayout()
        layout.sizing = .fixed
        layout.numberOfColumns = 2
        layout.installed(in: FakeLayoutHost(width: 320, height: 200, counts: albums))
        XCTAssertEqual(layout.columns, 2)
        XCTAssertEqual(layout.frameForStack(section: 1), Rect(x: 173, y: 22, width: 125, height: 125))
    }

    func testScaledSizingFillsTheWindowWithReferenceProportions() {
        let layout = PhotoStackLayout()
        layout.sizing = .scaledToWindow
        layout.installed(in: FakeLayoutHost(width: 640, height: 960, counts: albums))
        XCTAssertEqual(layout.scale, 2)
        XCTAssertEqual(layout.frameForStack(section: 0), Rect(x: 44, y: 44, width: 250, height: 250))
        XCTAssertEqual(layout.frameForStack(section: 1), Rect(x: 346, y: 44, width: 250, height: 250))
        XCTAssertEqual(layout.frameForTitle(section: 0).height, 52)
        let referenceHeight: Double = 22 + 750 + 60 + 156 + 13
        XCTAssertEqual(layout.contentSize.height, 2 * referenceHeight)
        layout.installed(in: FakeLayoutHost(width: 320, height: 480, counts: albums))
        XCTAssertEqual(layout.scale, 1, "the reference window is unscaled")
        XCTAssertEqual(layout.frameForStack(section: 2), Rect(x: 22, y: 185, width: 125, height: 125))
        layout.installed(in: FakeLayoutHost(width: 1200, height: 800, counts: albums))
        XCTAssertEqual(layout.scale, 2.5)
        let last = layout.frameForStack(section: 2)
        XCTAssertEqual(last.maxX, 1200 - 25 * 2.5, accuracy: 1, "the grid spans the window width")
    }

    func testRotationIndexAndZIndex() {
        let (layout, _) = portrait()
        for (section, count) in albums.enumerated() {
            for item in 0..<count {
                let a = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!
                XCTAssertEqual(a.zIndex, 100 + count - item)
                XCTAssertEqual(a.transform.rotation, layout.rotationAngles[(section * 3 + item) % 32], accuracy: 1e-12)
            }
        }
        XCTAssertEqual(StackRotations.index(section: 11, item: 0), 1)
    }

    func testRotationsAreInRangeSpacedAndReproducible() {
        let fractions = StackRotations.fractions(seed: PhotoStackLayout.defaultSeed)
        XCTAssertEqual(fractions.count, 32)
        for p in fractions {
            XCTAssertGreaterThanOrEqual(p, -0.0110 - 1e-12)
            XCTAssertLessThanOrEqual(p, 0.0109 + 1e-12)
            XCTAssertEqual((p * 10000).rounded(), p * 10000, accuracy: 1e-9, "steps of 0.0001")
        }
        for i in 1..<fractions.count { XCTAssertGreaterThanOrEqual(abs(fractions[i] - fractions[i - 1]), 0.006 - 1e-12) }
        XCTAssertGreaterThan(Set(fractions).count, 10, "not a constant table")
        let (layout, _) = portrait()
        XCTAssertEqual(layout.rotationAngles, fractions.map { 2 * .pi * $0 })
        let before = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 2000))
        layout.invalidate(); layout.prepareIfNeeded()
        XCTAssertEqual(Set(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 2000))), Set(before))
        XCTAssertEqual(PhotoStackLayout(seed: 42).rotationAngles, PhotoStackLayout(seed: 42).rotationAngles)
        XCTAssertNotEqual(PhotoStackLayout(seed: 42).rotationAngles, PhotoStackLayout(seed: 43).rotationAngles)
    }

    func testEmblemOnlyWhenRectReachesAboveTheContent() {
        let (layout, _) = portrait()
        XCTAssertEqual(layout.emblemFrame, Rect(x: 110, y: -130, width: 100, height: 100))
        XCTAssertEqual(layout.layoutAttributesForDecorationView(ofKind: PhotoStackLayout.emblemKind, at: IndexPath(item: 0, section: 0))?.frame,
                       Rect(x: 110, y: -130, width: 100, height: 100))
        let atTop = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 480))
        XCTAssertFalse(atTop.contains { $0.category == .decoration })
        let pulled = layout.layoutAttributesForElements(in: Rect(x: 0, y: -80, width: 320, height: 480))
        XCTAssertEqual(pulled.filter { $0.category == .decoration }.map(\.kind), [PhotoStackLayout.emblemKind])
    }

    func testEmblemRendererIsRegisteredOnlyWhenGiven() {
        final class Emblem: ReusableView {}
        XCTAssertTrue(PhotoStackLayout().decorationRegistrations.isEmpty)
        XCTAssertTrue(PhotoStackLayout(emblemRenderer: Emblem.self).decorationRegistrations[PhotoStackLayout.emblemKind] == Emblem.self)
    }

    func testRectQueriesMatchBruteForceAndReturnTitles() {
        let counts = (0..<40).map { $0 % 5 + 1 }
        let host = FakeLayoutHost(width: 320, height: 480, counts: counts)
        let layout = PhotoStackLayout().installed(in: host)
        let all = allElements(of: layout, host: host, supplementaryKinds: [PhotoStackLayout.titleKind])
        var rng = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let rect = Rect(x: Double(rng.next(below: 320)), y: Double(rng.next(below: 3800)) - 100,
                            width: Double(rng.next(below: 200)) + 1, height: Double(rng.next(below: 500)) + 1)
            let found = layout.layoutAttributesForElements(in: rect).filter { $0.category != .decoration }
            XCTAssertEqual(Set(found), Set(all.filter { $0.boundingBox.intersects(rect) }), "\(rect)")
            XCTAssertEqual(found.count, Set(found.map(\.key)).count)
        }
    }

    func testSectionForStackHitsStacksAndTitles() {
        let (layout, _) = portrait()
        XCTAssertEqual(layout.sectionForStack(at: Point(x: 30, y: 30)), 0)
        XCTAssertEqual(layout.sectionForStack(at: Point(x: 200, y: 160)), 1, "the title belongs to the stack")
        XCTAssertEqual(layout.sectionForStack(at: Point(x: 30, y: 190)), 2)
        XCTAssertNil(layout.sectionForStack(at: Point(x: 160, y: 30)), "gap between columns")
        XCTAssertNil(layout.sectionForStack(at: Point(x: 30, y: 5)))
    }

    func testSettersInvalidate() {
        let (layout, host) = portrait()
        let setters: [(PhotoStackLayout) -> Void] = [
            { $0.itemInsets.top = 30 }, { $0.itemSize = Size(width: 100, height: 100) }, { $0.interItemSpacingY = 5 },
            { $0.titleHeight = 20 }, { $0.numberOfColumns = 4 }, { $0.sizing = .fixed }, { $0.landscapeSideInset = 45 },
        ]
        for set in setters {
            layout.prepareIfNeeded()
            let before = host.invalidations
            set(layout)
            XCTAssertEqual(host.invalidations, before + 1)
        }
        layout.prepareIfNeeded()
        layout.titleHeight = 20
        XCTAssertFalse(layout.needsPrepare, "setting the same value does not invalidate")
    }
}
