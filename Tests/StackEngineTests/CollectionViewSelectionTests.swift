import XCTest
@testable import StackEngine

/// A delegate that refuses some selections/deselections and records the calls in order.
final class GatekeeperDelegate: CollectionViewDelegate {
    var refuseSelect = Set<IndexPath>()
    var refuseDeselect = Set<IndexPath>()
    var calls: [String] = []
    func collectionView(_ cv: CollectionView, shouldSelectItemAt p: IndexPath) -> Bool {
        calls.append("should+\(p)"); return !refuseSelect.contains(p)
    }
    func collectionView(_ cv: CollectionView, shouldDeselectItemAt p: IndexPath) -> Bool {
        calls.append("should-\(p)"); return !refuseDeselect.contains(p)
    }
    func collectionView(_ cv: CollectionView, didSelectItemAt p: IndexPath) { calls.append("did+\(p)") }
    func collectionView(_ cv: CollectionView, didDeselectItemAt p: IndexPath) { calls.append("did-\(p)") }
}

/// Multiple selection: the pure gesture resolver, the delegate's should/did, and selection through batch updates.
final class CollectionViewSelectionTests: XCTestCase {
    private func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    func testGestureResolverClickControlShift() {
        let counts = [10, 5]
        func run(_ g: SelectionGesture, _ current: [IndexPath], multiple: Bool = true) -> [IndexPath] {
            g.selection(from: current, itemCounts: counts, allowsMultiple: multiple)
        }
        XCTAssertEqual(run(.click(ip(3), modifiers: []), [ip(1), ip(2)]), [ip(3)], "plain click selects only it")
        XCTAssertEqual(run(.click(ip(3), modifiers: .control), [ip(1)]), [ip(1), ip(3)], "Ctrl adds")
        XCTAssertEqual(run(.click(ip(1), modifiers: .control), [ip(1), ip(3)]), [ip(3)], "Ctrl toggles off")
        // Shift extends from the anchor (the last selected) in both directions, replacing the rest.
        XCTAssertEqual(run(.click(ip(6), modifiers: .shift), [ip(0), ip(3)]), [ip(4), ip(5), ip(6), ip(3)])
        XCTAssertEqual(run(.click(ip(1), modifiers: .shift), [ip(0), ip(3)]), [ip(1), ip(2), ip(3)])
        // Ctrl+Shift adds the range to the selection.
        XCTAssertEqual(run(.click(ip(5), modifiers: [.control, .shift]), [ip(0), ip(3)]), [ip(0), ip(4), ip(5), ip(3)])
        // A second Shift+click re-extends from the same anchor (the range shrinks).
        let first = run(.click(ip(7), modifiers: .shift), [ip(3)])
        XCTAssertEqual(run(.click(ip(4), modifiers: .shift), first), [ip(4), ip(3)])
        // Across sections, in (section, item) order.
        XCTAssertEqual(run(.click(ip(1, 1), modifiers: .shift), [ip(8)]), [ip(9), ip(0, 1), ip(1, 1), ip(8)])
        // Without an anchor Shift is a plain click.
        XCTAssertEqual(run(.click(ip(4), modifiers: .shift), []), [ip(4)])
        // Select all in a section keeps the anchor last when it is in that section.
        XCTAssertEqual(run(.selectAll(section: 1), [ip(2), ip(3, 1)]), [ip(0, 1), ip(1, 1), ip(2, 1), ip(4, 1), ip(3, 1)])
        XCTAssertEqual(run(.selectAll(section: 1), [ip(2)]), (0..<5).map { ip($0, 1) })
        XCTAssertEqual(run(.clear, [ip(2), ip(3)]), [])
        // Outside the counts: unchanged.
        XCTAssertEqual(run(.click(ip(10), modifiers: []), [ip(2)]), [ip(2)])
        XCTAssertEqual(run(.selectAll(section: 2), [ip(2)]), [ip(2)])
        // Single selection.
        XCTAssertEqual(run(.click(ip(6), modifiers: .shift), [ip(2)], multiple: false), [ip(6)])
        XCTAssertEqual(run(.click(ip(2), modifiers: .control), [ip(2)], multiple: false), [])
        XCTAssertEqual(run(.selectAll(section: 0), [ip(2)], multiple: false), [ip(2)])
    }

    func testApplySelectionAsksTheDelegateAndMarksCells() {
        let h = Harness(sections: [Array(0..<20)])
        let cv = h.cv
        let gate = GatekeeperDelegate()
        cv.delegate = gate
        cv.allowsMultipleSelection = true
        cv.applySelection(.click(ip(2), modifiers: []))
        gate.refuseSelect = [ip(4)]
        let change = cv.applySelection(.click(ip(5), modifiers: .shift))
        XCTAssertEqual(change, SelectionChange(deselected: [], selected: [ip(3), ip(5)]))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(3), ip(5), ip(2)], "refused item left out, anchor last")
        XCTAssertEqual(gate.calls, ["should+[0, 2]", "did+[0, 2]", "should+[0, 3]", "should+[0, 4]", "should+[0, 5]",
                                    "did+[0, 3]", "did+[0, 5]"])
        cv.layoutIfNeeded(at: 0)
        XCTAssertEqual((0..<8).map { cv.cellForItem(at: ip($0))!.isSelected },
                       [false, false, true, true, false, true, false, false])
        // Escape: a refused deselection stays selected.
        gate.calls = []
        gate.refuseDeselect = [ip(5)]
        let cleared = cv.applySelection(.clear)
        XCTAssertEqual(cleared.deselected, [ip(3), ip(2)])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(5)])
        XCTAssertEqual(gate.calls, ["should-[0, 3]", "should-[0, 5]", "should-[0, 2]", "did-[0, 3]", "did-[0, 2]"])
        XCTAssertFalse(cv.cellForItem(at: ip(2))!.isSelected)
        XCTAssertTrue(cv.cellForItem(at: ip(5))!.isSelected)
        // Ctrl+A in the section, then nothing while selection is off.
        gate.refuseDeselect = []
        gate.refuseSelect = []
        cv.applySelection(.selectAll(section: 0))
        XCTAssertEqual(cv.indexPathsForSelectedItems.count, 20)
        XCTAssertEqual(cv.indexPathsForSelectedItems.last, ip(5), "the anchor stays last")
        cv.allowsSelection = false
        XCTAssertTrue(cv.applySelection(.clear).isEmpty)
        XCTAssertEqual(cv.indexPathsForSelectedItems.count, 20)
    }

    func testTapHonoursShouldSelectAndShouldDeselect() {
        let h = Harness(sections: [Array(0..<20)])
        let cv = h.cv
        let gate = GatekeeperDelegate()
        cv.delegate = gate
        gate.refuseSelect = [ip(1)]
        XCTAssertEqual(cv.handleTap(at: Point(x: 60, y: 10)), ip(1))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [], "shouldSelect false: not selected")
        XCTAssertEqual(gate.calls, ["should+[0, 1]"])
        cv.handleTap(at: Point(x: 10, y: 10))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(0)])
        // Single selection: a deselection the delegate refuses keeps the old item and the new one unselected.
        gate.refuseDeselect = [ip(0)]
        cv.handleTap(at: Point(x: 110, y: 10))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(0)])
        // Multiple selection: tapping toggles; a refused deselection keeps it.
        cv.allowsMultipleSelection = true
        cv.handleTap(at: Point(x: 110, y: 10))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(0), ip(2)])
        cv.handleTap(at: Point(x: 10, y: 10))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(0), ip(2)], "refused toggle-off")
        gate.refuseDeselect = []
        cv.handleTap(at: Point(x: 10, y: 10))
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(2)])
    }

    func testSelectionSurvivesBatchUpdatesAndTheAnchorFollows() throws {
        let h = Harness(sections: [Array(0..<10), Array(100..<110)])
        let cv = h.cv
        cv.allowsMultipleSelection = true
        let selectedIDs = { cv.indexPathsForSelectedItems.map { h.dataSource.sections[$0.section][$0.item] } }
        cv.applySelection(.click(ip(2), modifiers: []))
        cv.applySelection(.click(ip(4, 1), modifiers: .control))
        cv.applySelection(.click(ip(6), modifiers: .control))   // anchor: model 6
        XCTAssertEqual(selectedIDs(), [2, 104, 6])
        // Delete model 2, move model 6 to section 1's front, insert a new item at the very start.
        try cv.performBatchUpdates({ u in
            h.dataSource.sections[0].remove(at: 6)
            h.dataSource.sections[0].remove(at: 2)
            h.dataSource.sections[0].insert(50, at: 0)
            h.dataSource.sections[1].insert(6, at: 0)
            u.deleteItems(at: [ip(2)])
            u.moveItem(at: ip(6), to: ip(0, 1))
            u.insertItems(at: [ip(0)])
        }, animated: false)
        XCTAssertEqual(selectedIDs(), [104, 6], "deleted item left, the others followed")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [ip(5, 1), ip(0, 1)])
        // Shift+click extends from the moved anchor (model 6, now [1, 0]).
        cv.applySelection(.click(ip(2, 1), modifiers: .shift))
        XCTAssertEqual(selectedIDs(), [100, 101, 6])
        // Deleting the section holding the selection empties it; selection elsewhere survives a section move.
        cv.applySelection(.click(ip(1), modifiers: .control))   // model 0 at [0, 1]
        try cv.performBatchUpdates({ u in
            let s1 = h.dataSource.sections.remove(at: 1)
            h.dataSource.sectionIDs.remove(at: 1)
            _ = s1
            u.deleteSections([1])
        }, animated: false)
        XCTAssertEqual(selectedIDs(), [0])
        cv.layoutIfNeeded(at: 0)
        XCTAssertTrue(cv.cellForItem(at: ip(1))!.isSelected)
        h.assertConsistent("after section delete")
    }
}
