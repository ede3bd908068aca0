import Foundation
import XCTest

/// The real window under Xvfb with a display profile on the root window (`_ICC_PROFILE`, as colord sets it): an
/// sRGB photo is shown with the values lcms2 itself (ImageMagick's `-profile`) gives for sRGB → that profile, and
/// replacing or removing the property while the window is open redraws in the new colours.
final class DisplayProfileEndToEndTests: XCTestCase {
    let colord = "/usr/share/color/icc/colord"
    /// The photo's one colour (sRGB), away from the gamut's edges so that every profile can show it.
    let colour = (200, 80, 40)

    /// What lcms2 makes of `colour` from sRGB into `profile`.
    func expected(in profile: String) throws -> (Int, Int, Int) {
        let out = try AppSession.execute("/usr/bin/convert", [
            "-size", "1x1", "xc:rgb(\(colour.0),\(colour.1),\(colour.2))", "-profile", colord + "/sRGB.icc",
            "-profile", profile, "-depth", "8", "txt:-"], display: nil)
        // "0,0: (174,80,46)  #AE502E  srgb(174,80,46)"
        let line = out.out.split(separator: "\n").last.map(String.init) ?? ""
        let numbers = line.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }.split(separator: ",").compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 3, "convert wrote \(out.out)")
        return numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : (-1, -1, -1)
    }

    func assertShows(_ s: AppSession, _ want: (Int, Int, Int), _ what: String, file: StaticString = #filePath,
                     line: UInt = #line) throws {
        var got = (0, 0, 0)
        let shown = AppSession.poll(timeout: 10) {
            guard let c = try? s.capture(named: "display-profile") else { return false }
            let p = c.pixel(c.width / 2, c.height / 2)
            got = (Int(p.0), Int(p.1), Int(p.2))
            return abs(got.0 - want.0) <= 2 && abs(got.1 - want.1) <= 2 && abs(got.2 - want.2) <= 2
        }
        XCTAssertTrue(shown, "\(what): the photo shows \(got), lcms2 gives \(want)", file: file, line: line)
    }

    /// Waits until at least `area` pixels of the window are within 2 of `want` in every channel.
    func assertCovers(_ s: AppSession, _ want: (Int, Int, Int), area: Int, _ what: String, file: StaticString = #filePath,
                      line: UInt = #line) throws {
        var count = 0
        let shown = AppSession.poll(timeout: 10) {
            guard let c = try? s.capture(named: "display-profile-grid") else { return false }
            count = stride(from: 0, to: c.rgb.count, by: 3).filter { i in
                abs(Int(c.rgb[i]) - want.0) <= 2 && abs(Int(c.rgb[i + 1]) - want.1) <= 2 && abs(Int(c.rgb[i + 2]) - want.2) <= 2
            }.count
            return count >= area
        }
        XCTAssertTrue(shown, "\(what): \(count) pixels show lcms2's \(want)", file: file, line: line)
    }

    func testTheAlbumGridsCardsFollowTheDisplaysProfile() throws {
        try AppSession.requireTools()
        guard FileManager.default.fileExists(atPath: colord + "/SwappedRedAndGreen.icc") else {
            throw XCTSkip("colord-data is not installed (scripts/install-deps.sh test)")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ps-display-grid-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for name in ["a.png", "b.png"] {
            _ = try AppSession.execute("/usr/bin/convert", ["-size", "400x300", "xc:rgb(\(colour.0),\(colour.1),\(colour.2))",
                                                           "-strip", root + "/" + name], display: nil)
        }
        let adobe = colord + "/AdobeRGB1998.icc", swapped = colord + "/SwappedRedAndGreen.icc"
        let s = try AppSession(arguments: [root], width: 800, height: 600, displayProfile: adobe)
        defer { s.stop() }
        _ = try s.expectState("the album grid, loaded", timeout: 20) { st in
            !st.animating && st.photos.count == 2 && st.photos.allSatisfy { ($0["status"] as? String) == "loaded" }
        }
        // Two cards of about 150 points a side.
        try assertCovers(s, try expected(in: adobe), area: 20_000, "cards on an Adobe RGB display")
        try s.setDisplayProfile(swapped)
        try assertCovers(s, try expected(in: swapped), area: 20_000, "cards after the profile was replaced")
    }

    func testThePhotoIsShownInTheDisplaysProfileAndFollowsItsChanges() throws {
        try AppSession.requireTools()
        for profile in ["sRGB.icc", "AdobeRGB1998.icc", "SwappedRedAndGreen.icc"]
        where !FileManager.default.fileExists(atPath: colord + "/" + profile) {
            throw XCTSkip("colord-data is not installed (scripts/install-deps.sh test)")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ps-display-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let photo = root + "/flat.png"
        _ = try AppSession.execute("/usr/bin/convert", ["-size", "640x400", "xc:rgb(\(colour.0),\(colour.1),\(colour.2))",
                                                       "-strip", photo], display: nil)
        let adobe = colord + "/AdobeRGB1998.icc", swapped = colord + "/SwappedRedAndGreen.icc"
        let s = try AppSession(arguments: [photo], width: 800, height: 600, displayProfile: adobe)
        defer { s.stop() }
        _ = try s.expectState("the photo view, loaded", timeout: 20) { st in !st.animating && st.screen == "photo" }
        try assertShows(s, try expected(in: adobe), "Adobe RGB display at launch")
        XCTAssertEqual(s.state()?.json["layout"].flatMap { ($0 as? [String: Any])?["displayProfile"] as? String },
                       "Compatible with Adobe RGB (1998)")
        try s.setDisplayProfile(swapped)
        try assertShows(s, try expected(in: swapped), "the profile replaced while the window is open")
        try s.setDisplayProfile(nil)
        try assertShows(s, colour, "no profile: sRGB")
    }
}
