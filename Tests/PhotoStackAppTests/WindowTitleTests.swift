import XCTest
@testable import PhotoStackApp

/// One title pattern ("Album — PhotoStack"), each name isolated, a left-to-right mark first (openbox lays a title out
/// in the direction of its first strong character: an Arabic album name first would turn the whole title around).
final class WindowTitleTests: XCTestCase {
    func testThePattern() {
        XCTAssertEqual(WindowTitle.make("Lisbon"), "\u{200E}\u{2068}Lisbon\u{2069} — PhotoStack")
        XCTAssertEqual(WindowTitle.make("IMG_1.jpg", "Lisbon"), "\u{200E}\u{2068}IMG_1.jpg\u{2069} — \u{2068}Lisbon\u{2069} — PhotoStack")
    }

    func testAnArabicNameDoesNotMakeTheTitleRightToLeft() {
        let title = WindowTitle.make("رحلة إلى البحر")
        // The first character with a strong direction (UAX #9: letters, and the marks) is the left-to-right mark.
        let first = title.unicodeScalars.first { $0.properties.isAlphabetic || $0.value == 0x200E || $0.value == 0x200F }
        XCTAssertEqual(first?.value, 0x200E)
        XCTAssertTrue(title.hasSuffix(" — PhotoStack"))
    }
}
