import Canvas
import StackEngine
import XCTest
@testable import PhotoStackApp

final class DemoSectionsTests: XCTestCase {
    func testSectionCountsAreBetween20And40AndReproducibleFromTheSeed() {
        var distinct = Set<[Int]>()
        for seed in UInt64(0)..<50 {
            let counts = SectionsDemoScreen.sectionCounts(seed: seed)
            XCTAssertEqual(counts.count, 3)
            XCTAssertTrue(counts.allSatisfy { (20...40).contains($0) }, "\(counts)")
            XCTAssertEqual(counts, SectionsDemoScreen.sectionCounts(seed: seed))
            distinct.insert(counts)
        }
        XCTAssertGreaterThan(distinct.count, 40, "the seed hardly changes the counts")
    }

    func testScreenShowsThreeSectionsWithTheSeededCountsInItsState() {
        let d = DemoTestDriver { SectionsDemoScreen(seed: 11) }
        let screen = d.screen as! SectionsDemoScreen
        let counts = SectionsDemoScreen.sectionCounts(seed: 11)
        XCTAssertEqual(screen.collectionView.numberOfSections, 3)
        for s in 0..<3 { XCTAssertEqual(screen.collectionView.numberOfItems(inSection: s), counts[s]) }
        let layout = d.screen.state().layout
        XCTAssertEqual(layout["sections"], .int(3))
        XCTAssertEqual(layout["items0"], .int(counts[0]))
        XCTAssertEqual(layout["items2"], .int(counts[2]))
    }

    func testOneSectionUsesTheTemplateFileAndTheOthersTheTypedCell() throws {
        let d = DemoTestDriver({ SectionsDemoScreen(seed: 1) }, width: 1024, height: 2000)
        let screen = d.screen as! SectionsDemoScreen
        // The template came from assets/templates/sections-cell.json, read at run time.
        XCTAssertTrue(screen.templateLoaded)
        let file = try XCTUnwrap(DemoAssets.url(SectionsDemoScreen.templatePath))
        XCTAssertEqual(screen.template, try CellTemplate.load(from: file))
        let cells = screen.collectionView.visibleCells
        let bySection = Dictionary(grouping: cells, by: { $0.key.section })
        XCTAssertEqual(Set(bySection.keys), [0, 1, 2])
        for (path, view) in cells {
            if path.section == SectionsDemoScreen.templateSection {
                let t = try XCTUnwrap(view as? TemplateCellView, "\(path)")
                XCTAssertEqual(t.template, screen.template)
                XCTAssertEqual(t.labelText, "\(path.section).\(path.item)")
            } else {
                XCTAssertTrue(view is ColorCellView, "\(path)")
            }
        }
    }

    func testTemplateCellsAreDrawn() throws {
        // A green template cell is painted by the collection screen (the typed sections are red and blue).
        let d = DemoTestDriver({ SectionsDemoScreen(seed: 1) }, width: 400, height: 1200)
        let screen = d.screen as! SectionsDemoScreen
        let path = IndexPath(item: 0, section: SectionsDemoScreen.templateSection)
        let frame = try XCTUnwrap(screen.collectionView.presentedAttributes(for: .cell(path))).frame
        let surface = try ImageSurface(pixelWidth: 400, pixelHeight: 1200)
        screen.draw(in: CairoContext(surface: surface), width: 400, height: 1200, scale: 1)
        let px = surface.pixel(x: Int(frame.minX + 12), y: Int(frame.minY + 12))
        XCTAssertGreaterThan(Int(px.g), Int(px.r) + 50, "\(px)")
        XCTAssertGreaterThan(Int(px.g), Int(px.b) + 50, "\(px)")
    }
}
