import XCTest
@testable import StackEngine

/// Foundation (via XCTest) has its own IndexPath; the engine's wins in these tests.
typealias IndexPath = StackEngine.IndexPath

/// A collection view with the test grid, a model data source and a recording delegate, kept alive together.
final class Harness {
    let clock = ManualClock()
    let layout: TestGridLayout
    let dataSource: ModelDataSource
    let delegate = RecordingDelegate()
    let cv: CollectionView

    init(sections: [[Int]], layout: TestGridLayout = TestGridLayout(), size: Size = Size(width: 200, height: 400)) {
        self.layout = layout
        dataSource = ModelDataSource(sections: sections)
        cv = CollectionView(size: size, layout: layout)
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        cv.register(TestHeader.self, forSupplementaryViewOfKind: "header", withReuseIdentifier: "h")
        cv.dataSource = dataSource
        cv.delegate = delegate
        cv.layoutIfNeeded(at: 0)
    }

    /// Asserts every live cell shows the model item at its index path, headers show their section,
    /// display callbacks are balanced and match the live cells.
    func assertConsistent(_ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(delegate.unbalanced, [], context, file: file, line: line)
        for (p, view) in cv.visibleCells {
            let cell = view as! TestCell
            guard p.section < dataSource.sections.count, p.item < dataSource.sections[p.section].count else {
                XCTFail("\(context): live cell at \(p) outside the model", file: file, line: line); continue
            }
            XCTAssertEqual(cell.modelID, dataSource.sections[p.section][p.item], "\(context): cell at \(p)", file: file, line: line)
            XCTAssertEqual(cell.attributes?.indexPath, p, "\(context): attributes index path", file: file, line: line)
            XCTAssertEqual(delegate.displayedCells[ObjectIdentifier(cell)] != nil, true, "\(context): live cell not announced", file: file, line: line)
        }
        for item in cv.displayList where item.key.category == .supplementary && !item.isDisappearing {
            XCTAssertEqual((item.view as! TestHeader).sectionID, dataSource.sectionIDs[item.key.indexPath.section],
                           "\(context): header \(item.key)", file: file, line: line)
        }
        let liveDisplayed = Set(cv.displayList.filter { $0.key.category == .cell }.map { ObjectIdentifier($0.view) })
        XCTAssertEqual(Set(delegate.displayedCells.keys), liveDisplayed, "\(context): displayed cells vs display list", file: file, line: line)
    }
}

/// A clock for the tests: a time the test moves by hand (the engine itself reads no clock; the tests pass
/// `clock.now` to `layoutIfNeeded(at:)`).
final class ManualClock {
    var now: Double
    init(now: Double = 0) { self.now = now }
    func advance(by seconds: Double) { precondition(seconds >= 0); now += seconds }
}
