import Foundation
import XCTest
@testable import PhotoPipeline

/// Resolving the command line: the user-dirs file, the no-argument choice, and the errors for what cannot
/// be opened.
final class LibraryLaunchTests: XCTestCase {
    let home = "/home/ana"

    func testPicturesDirIsReadFromUserDirsWithOnlyHomeExpanded() {
        let text = """
            # This file is written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Desktop"
            XDG_PICTURES_DIR="$HOME/Bilder"
            """
        XCTAssertEqual(UserDirectories.value(of: "XDG_PICTURES_DIR", in: text, home: home), "/home/ana/Bilder")
        XCTAssertEqual(UserDirectories.value(of: "XDG_DESKTOP_DIR", in: text, home: home), "/home/ana/Desktop")
        XCTAssertNil(UserDirectories.value(of: "XDG_MUSIC_DIR", in: text, home: home), "missing means not set")
        let cases: [(String, String?)] = [
            ("XDG_PICTURES_DIR=\"/srv/photos\"", "/srv/photos"),                        // absolute
            ("XDG_PICTURES_DIR=\"${HOME}/Fotos/\"", "/home/ana/Fotos"),                 // braces, trailing slash
            ("  export XDG_PICTURES_DIR=\"$HOME/My Pictures\"  # mine", "/home/ana/My Pictures"),
            ("XDG_PICTURES_DIR=$HOME/Bare", "/home/ana/Bare"),                           // unquoted
            ("XDG_PICTURES_DIR='$HOME/literal'", nil),                                   // single quotes: no expansion, relative
            ("XDG_PICTURES_DIR=\"Pictures\"", nil),                                      // relative
            ("XDG_PICTURES_DIR=\"$HOME/\"", nil),                                        // the home folder: disabled
            ("XDG_PICTURES_DIR=\"$USER/Pictures\"", nil),                                // only $HOME is expanded
            ("XDG_PICTURES_DIR=\"$HOMEWORK/x\"", nil),                                   // not $HOME
            ("XDG_PICTURES_DIR=\"/a \\\"q\\\" \\$HOME\"", "/a \"q\" $HOME"),             // escapes
            ("XDG_PICTURES_DIR=\"$HOME/unterminated", nil),
            ("#XDG_PICTURES_DIR=\"/commented\"", nil),
            ("XDG_PICTURES_DIR=\"/first\"\nXDG_PICTURES_DIR=\"/second\"", "/second"),  // the last one wins
        ]
        for (line, expected) in cases {
            XCTAssertEqual(UserDirectories.value(of: "XDG_PICTURES_DIR", in: line, home: home), expected, line)
        }
    }

    func testUserDirsFileFollowsXDGConfigHome() {
        XCTAssertEqual(UserDirectories.file(environment: [:], home: home), "/home/ana/.config/user-dirs.dirs")
        XCTAssertEqual(UserDirectories.file(environment: ["XDG_CONFIG_HOME": "/cfg"], home: home), "/cfg/user-dirs.dirs")
        XCTAssertEqual(UserDirectories.file(environment: ["XDG_CONFIG_HOME": "rel"], home: home), "/home/ana/.config/user-dirs.dirs",
                       "a relative XDG_CONFIG_HOME is ignored")
    }

    func testPicturesFolderFallsBackToHomePictures() {
        var read: [String] = []
        let found = LibraryLaunch.picturesFolder(environment: ["XDG_CONFIG_HOME": "/cfg"], home: home) { path in
            read.append(path); return "XDG_PICTURES_DIR=\"$HOME/Fotos\""
        }
        XCTAssertEqual(read, ["/cfg/user-dirs.dirs"])
        XCTAssertEqual(found.path, PhotoPath("/home/ana/Fotos"))
        XCTAssertTrue(found.fromUserDirs)
        let fallback = LibraryLaunch.picturesFolder(environment: [:], home: home) { _ in nil }
        XCTAssertEqual(fallback.path, PhotoPath("/home/ana/Pictures"))
        XCTAssertFalse(fallback.fromUserDirs)
        XCTAssertEqual(LibraryLaunch.picturesFolder(environment: [:], home: home) { _ in "XDG_PICTURES_DIR=\"x\"" }.path,
                       PhotoPath("/home/ana/Pictures"), "a relative value is not set")
    }

    func testNoArgumentChoosesPicturesWhenTheyHoldPhotosElseTheSampleAndSaysWhy() throws {
        let pictures = (path: PhotoPath("/home/ana/Bilder"), fromUserDirs: true)
        let sample = PhotoPath("/opt/photostack/library")
        let mine = try LibraryLaunch.chooseDefault(pictures: pictures, state: .holdsPhotos, sample: sample)
        XCTAssertEqual(mine.source, .folder(pictures.path))
        XCTAssertEqual(mine.titleNote(home: home), "Bilder")
        let empty = try LibraryLaunch.chooseDefault(pictures: pictures, state: .noPhotos, sample: sample)
        XCTAssertEqual(empty.source, .folder(sample))
        XCTAssertEqual(empty.origin, .sampleLibrary(because: .picturesFolderHasNoPhotos(pictures.path)))
        XCTAssertEqual(empty.titleNote(home: home), "sample library — no photos in ~/Bilder")
        let missing = try LibraryLaunch.chooseDefault(pictures: pictures, state: .missing, sample: sample)
        XCTAssertEqual(missing.titleNote(home: home), "sample library — no ~/Bilder folder")
        XCTAssertEqual(try LibraryLaunch.chooseDefault(pictures: nil, state: .missing, sample: sample).origin,
                       .sampleLibrary(because: .noHomeFolder))
        XCTAssertThrowsError(try LibraryLaunch.chooseDefault(pictures: pictures, state: .noPhotos, sample: nil)) { error in
            XCTAssertEqual(error as? LaunchError, .nothingToOpen(picturesFolder: "/home/ana/Bilder"))
        }
    }

    func testNoArgumentOnRealFolders() throws {
        let home = TestImages.temporaryDirectory("home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let sample = TestImages.temporaryDirectory("sample")
        defer { try? FileManager.default.removeItem(atPath: sample) }
        let env = LaunchEnvironment(variables: ["XDG_CONFIG_HOME": home + "/cfg"], currentDirectory: "/", homeDirectory: home,
                                    sampleLibrary: sample)
        XCTAssertEqual(try LibraryLaunch.resolve(arguments: [], environment: env).origin,
                       .sampleLibrary(because: .noPicturesFolder(PhotoPath(home + "/Pictures"))))
        try FileManager.default.createDirectory(atPath: home + "/Pictures/2024/Deep", withIntermediateDirectories: true)
        XCTAssertEqual(try LibraryLaunch.resolve(arguments: [], environment: env).origin,
                       .sampleLibrary(because: .picturesFolderHasNoPhotos(PhotoPath(home + "/Pictures"))))
        TestImages.write(TestImages.quadrantJPEG(), to: home + "/Pictures/2024/Deep/a.jpg")
        let found = try LibraryLaunch.resolve(arguments: [], environment: env)
        XCTAssertEqual(found.source, .folder(PhotoPath(home + "/Pictures")))
        XCTAssertEqual(found.origin, .picturesFolder(PhotoPath(home + "/Pictures"), fromUserDirs: false))
        try FileManager.default.createDirectory(atPath: home + "/cfg", withIntermediateDirectories: true)
        TestImages.write(Array("XDG_PICTURES_DIR=\"$HOME/Pictures/2024\"\n".utf8), to: home + "/cfg/user-dirs.dirs")
        XCTAssertEqual(try LibraryLaunch.resolve(arguments: [], environment: env).origin,
                       .picturesFolder(PhotoPath(home + "/Pictures/2024"), fromUserDirs: true))
    }

    func testArgumentsThatCannotBeOpenedSayWhy() throws {
        let dir = TestImages.temporaryDirectory("args")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        TestImages.write(TestImages.quadrantJPEG(), to: dir + "/a.jpg")
        TestImages.write(Array("not a video".utf8), to: dir + "/clip.mp4")
        TestImages.write(Array("plain text".utf8), to: dir + "/notes.txt")
        TestImages.write(Array("garbage".utf8), to: dir + "/noext")
        mkfifo(dir + "/pipe", 0o644)
        let env = LaunchEnvironment(variables: [:], currentDirectory: dir, homeDirectory: nil, sampleLibrary: nil)
        func error(_ args: [String]) -> String {
            do { _ = try LibraryLaunch.resolve(arguments: args, environment: env); return "no error" } catch { return error.description }
        }
        XCTAssertEqual(error(["missing.jpg"]), "missing.jpg: no such file or folder")
        XCTAssertEqual(error(["a.jpg/x"]), "a.jpg/x: no such file or folder")
        XCTAssertEqual(error(["clip.mp4"]), "clip.mp4 is a video, not a photo")
        XCTAssertEqual(error(["notes.txt"]), "notes.txt is not a photo PhotoStack can show")
        XCTAssertEqual(error(["noext"]), "noext is not a photo PhotoStack can show")
        XCTAssertEqual(error(["pipe"]), "pipe is neither a photo nor a folder")
        XCTAssertEqual(error(["a.jpg", "."]), ". is a folder: open one folder, or one or more photos")
        XCTAssertEqual(error(["a.jpg", "clip.mp4"]), "clip.mp4 is a video, not a photo")
        XCTAssertEqual(try LibraryLaunch.resolve(arguments: ["."], environment: env).source, .folder(PhotoPath(dir), flat: true))
        XCTAssertEqual(try LibraryLaunch.resolve(arguments: [dir + "//a.jpg"], environment: env).source, .photo(PhotoPath(dir + "/a.jpg")))
    }
}
