import Canvas
import Host
import XCTest
@testable import PhotoStackApp

/// The photo view's caption and the album header put an Arabic name inside an English sentence without
/// turning the sentence around.
final class CaptionDirectionTests: XCTestCase {
    func testArabicNamesAreIsolatedInTheCaptionAndTheHeader() throws {
        let h = BrowserHarness(width: 1280, height: 800)
        let b = h.browser
        let section = try XCTUnwrap((0..<b.albums.collectionView.numberOfSections).first { b.albums.album(at: $0)?.title == "رحلة إلى البحر" })
        b.albums.selectSection(section)   // scrolled into view
        h.settle()
        h.key(.enter)
        h.settle()
        let album = try XCTUnwrap(b.top as? AlbumScreen)
        XCTAssertTrue(album.headerText.hasPrefix(TextLayout.isolated("رحلة إلى البحر")), album.headerText)
        h.key(.enter); h.key(.enter)
        h.settle()
        let photo = try XCTUnwrap(b.top as? PhotoScreen)
        let caption = photo.caption
        XCTAssertTrue(caption.hasPrefix(TextLayout.isolated(photo.photo.displayName)), caption)
        let layout = TextLayout(text: caption, font: "Sans 12", direction: .leftToRight)
        let slash = caption.utf8.count - " / 3".utf8.count
        XCTAssertGreaterThan(layout.characterExtent(utf8Offset: slash).minX, layout.characterExtent(utf8Offset: 3).maxX,
                             "the counter after the name: \(caption)")
    }
}
