import Foundation
import XCTest
@testable import PhotoPipeline

/// The scan of each `LibrarySource`: folder trees (nested, flat), one photo, several photos; link loops,
/// hidden entries, natural order, files not shown.
final class LibraryScanTests: XCTestCase {
    let fm = FileManager.default
    var roots: [String] = []

    override func tearDown() {
        for r in roots { try? fm.removeItem(atPath: r) }
        roots = []
    }

    func folder() -> String {
        let r = TestImages.temporaryDirectory("scan")
        roots.append(r)
        return r
    }

    func photo(_ path: String) {
        try! fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        TestImages.write(TestImages.quadrantJPEG(), to: path)
    }

    func file(_ path: String, _ text: String = "x") {
        try! fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        TestImages.write(Array(text.utf8), to: path)
    }

    func testNestedFoldersAreAlbumsTitledByRelativePathInDepthFirstNaturalOrder() {
        let root = folder()
        for p in ["Trips/2024/a.jpg", "Trips/2023/b.jpg", "Trips/c.jpg", "Trips 2/d.jpg", "album10/e.jpg", "album9/f.jpg",
                  "Empty/Deeper/Deepest/g.jpg", "top.jpg"] { photo(root + "/" + p) }
        try! fm.createDirectory(atPath: root + "/Nothing/Here", withIntermediateDirectories: true)
        let library = PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(library.albums.map(\.title), [(root as NSString).lastPathComponent, "album9", "album10",
                                                     "Empty/Deeper/Deepest", "Trips", "Trips/2023", "Trips/2024", "Trips 2"])
        XCTAssertEqual(library.albums.map(\.id), [".", "album9", "album10", "Empty/Deeper/Deepest", "Trips", "Trips/2023", "Trips/2024", "Trips 2"])
        XCTAssertEqual(Set(library.albums.map(\.key)).count, 8, "every album has its own folder key")
        let st = try! fm.attributesOfItem(atPath: root + "/Trips")
        XCTAssertEqual(library.albums[4].key.inode, (st[.systemFileNumber] as! NSNumber).uint64Value, "the key is the folder's inode")
        XCTAssertEqual(library.albums[4].photos.first?.path.string, root + "/Trips/c.jpg")
        XCTAssertEqual(library.location(ofPhotoAt: PhotoPath(root + "/Trips/2024/a.jpg"))?.album, 6)
    }

    func testNaturalOrderOfPhotosAndTheByteComparisonAgreesWithTheStringOne() {
        let root = folder()
        for n in ["img10.jpg", "img2.jpg", "IMG1.jpg", "img02.jpg", "b.png", "a10b.png", "a9b.png", "Ärger.jpg", "zz.jpg"] {
            photo(root + "/" + n)
        }
        let names = PhotoLibrary.scan(root: PhotoPath(root)).albums[0].photos.map(\.displayName)
        XCTAssertEqual(names, ["a9b.png", "a10b.png", "b.png", "IMG1.jpg", "img2.jpg", "img02.jpg", "img10.jpg", "zz.jpg", "Ärger.jpg"])
        // The byte fast path and the sort keys give exactly the string order.
        var rng = SplitMix(seed: 7)
        let alphabet = Array("aAbB0019 ._-zZé")
        var random: [String] = []
        for _ in 0..<3000 {
            let a = String((0..<rng.next(8)).map { _ in alphabet[rng.next(alphabet.count)] })
            let b = String((0..<rng.next(8)).map { _ in alphabet[rng.next(alphabet.count)] })
            XCTAssertEqual(NaturalOrder.less(Array(a.utf8), Array(b.utf8)), NaturalOrder.less(a, b), "\(a) vs \(b)")
            random.append(a)
        }
        let byKeys = NaturalOrder.sortedIndices(of: random.map { Array($0.utf8) }).map { random[$0] }
        XCTAssertEqual(byKeys, random.sorted(by: NaturalOrder.less))
    }

    func testHiddenEntriesAreSkippedAndNotCounted() {
        let root = folder()
        photo(root + "/A/a.jpg")
        photo(root + "/A/.hidden.jpg")
        photo(root + "/.Hidden/b.jpg")
        file(root + "/A/.DS_Store")
        let library = PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(library.albums.map(\.title), ["A"])
        XCTAssertEqual(library.albums[0].photos.map(\.displayName), ["a.jpg"])
        XCTAssertEqual(library.albums[0].notShown.total, 0)
    }

    func testLinksAreFollowedOnceSoLoopsEnd() throws {
        let root = folder()
        photo(root + "/A/a.jpg")
        photo(root + "/B/b.jpg")
        try fm.createSymbolicLink(atPath: root + "/A/loop", withDestinationPath: root)        // back to the root
        try fm.createSymbolicLink(atPath: root + "/A/self", withDestinationPath: root + "/A")  // to itself
        try fm.createSymbolicLink(atPath: root + "/C", withDestinationPath: root + "/B")       // a second link
        let outside = folder()
        photo(outside + "/o.jpg")
        try fm.createSymbolicLink(atPath: root + "/Linked", withDestinationPath: outside)      // a tree outside
        let library = PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(library.albums.map(\.title), ["A", "B", "Linked"])
        XCTAssertEqual(library.albums[2].photos.first?.path.string, root + "/Linked/o.jpg")
        XCTAssertTrue(library.problems.isEmpty)
    }

    func testFlatFolderIsFlaggedToOpenItsGridDirectly() throws {
        let flat = folder()
        photo(flat + "/1.jpg"); photo(flat + "/2.jpg")
        try fm.createDirectory(atPath: flat + "/.thumbnails", withIntermediateDirectories: true)
        let env = LaunchEnvironment(variables: [:], currentDirectory: "/", homeDirectory: nil, sampleLibrary: nil)
        let choice = try LibraryLaunch.resolve(arguments: [flat], environment: env)
        XCTAssertEqual(choice.source, .folder(PhotoPath(flat), flat: true))
        XCTAssertTrue(choice.source.opensAlbumDirectly)
        let library = PhotoLibrary.scan(source: choice.source)
        XCTAssertEqual(library.albums.count, 1)
        XCTAssertEqual(library.albums[0].id, ".")

        let nested = folder()
        photo(nested + "/1.jpg"); photo(nested + "/Sub/2.jpg")
        XCTAssertEqual(try LibraryLaunch.resolve(arguments: [nested], environment: env).source, .folder(PhotoPath(nested), flat: false))
        let treeOfFolders = folder()
        photo(treeOfFolders + "/Sub/2.jpg")
        XCTAssertFalse(try LibraryLaunch.resolve(arguments: [treeOfFolders], environment: env).source.opensAlbumDirectly,
                       "a folder with no photos of its own shows its albums")
    }

    func testOnePhotoOpensItsFolderOnlyAtItsIndexEvenWhenHiddenOrWithoutExtension() throws {
        let root = folder()
        for n in ["c.jpg", "a.jpg", "b10.jpg", "b9.jpg"] { photo(root + "/" + n) }
        photo(root + "/Sub/inner.jpg")
        let env = LaunchEnvironment(variables: [:], currentDirectory: root, homeDirectory: nil, sampleLibrary: nil)
        let choice = try LibraryLaunch.resolve(arguments: ["./Sub/../b10.jpg"], environment: env)
        XCTAssertEqual(choice.source, .photo(PhotoPath(root + "/b10.jpg")))
        let library = PhotoLibrary.scan(source: choice.source)
        XCTAssertEqual(library.albums.count, 1, "sub-folders are not scanned")
        XCTAssertEqual(library.albums[0].photos.map(\.displayName), ["a.jpg", "b9.jpg", "b10.jpg", "c.jpg"])
        XCTAssertEqual(library.albums[0].title, (root as NSString).lastPathComponent)
        XCTAssertEqual(library.location(ofPhotoAt: choice.source.openedPhoto!)?.photo, 2)

        photo(root + "/.secret.jpg")
        photo(root + "/scan-without-extension")
        for (opened, notShown) in [(".secret.jpg", 1), ("scan-without-extension", 0)] {
            let lib = PhotoLibrary.scan(source: .photo(PhotoPath(root + "/" + opened)))
            XCTAssertNotNil(lib.location(ofPhotoAt: PhotoPath(root + "/" + opened)), opened)
            XCTAssertEqual(lib.albums[0].photos.count, 5, opened)
            XCTAssertEqual(lib.albums[0].notShown.unsupported, Int32(notShown),
                           "the file without extension counts unless it is the one opened (shown)")
        }
    }

    func testSeveralPhotosAreOneAlbumInNaturalOrderOfTheirPaths() throws {
        let root = folder()
        for p in ["x/img10.jpg", "x/img2.jpg", "x 2/a.jpg", "x/img1.jpg"] { photo(root + "/" + p) }
        let env = LaunchEnvironment(variables: [:], currentDirectory: root, homeDirectory: nil, sampleLibrary: nil)
        let choice = try LibraryLaunch.resolve(arguments: ["x/img10.jpg", "x 2/a.jpg", "x/img2.jpg", "x/img1.jpg", "x/img2.jpg"],
                                               environment: env)
        guard case .files(let files) = choice.source else { return XCTFail("\(choice.source)") }
        XCTAssertEqual(files.map { String($0.string.dropFirst(root.count + 1)) }, ["x/img1.jpg", "x/img2.jpg", "x/img10.jpg", "x 2/a.jpg"])
        let library = PhotoLibrary.scan(source: choice.source)
        XCTAssertEqual(library.albums.count, 1)
        XCTAssertEqual(library.albums[0].photos.map(\.displayName), ["img1.jpg", "img2.jpg", "img10.jpg", "a.jpg"])
        XCTAssertEqual(library.albums[0].title, "Photos from 2 folders", "the header says how many photos: the title does not")
        XCTAssertEqual(Set(library.albums[0].photos.map(\.key)).count, 4)
        let same = PhotoLibrary.scan(source: .files([PhotoPath(root + "/x/img2.jpg"), PhotoPath(root + "/x/img1.jpg")]))
        XCTAssertEqual(same.albums[0].title, "x", "files of one folder are titled with the folder")
        XCTAssertEqual(same.albums[0].photos.map(\.displayName), ["img2.jpg", "img1.jpg"], "the source's order is kept")
    }

    func testFilesNotShownAreCountedPerAlbumByReason() throws {
        let root = folder()
        photo(root + "/A/1.jpg"); photo(root + "/A/2.PNG")
        for n in ["clip.MP4", "clip.mov", "1.jpg.xmp", "Thumbs.db", "notes.txt", "README"] { file(root + "/A/" + n) }
        try fm.createSymbolicLink(atPath: root + "/A/ghost.jpg", withDestinationPath: root + "/missing.jpg")
        file(root + "/Videos/v.mkv")
        let library = PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(library.albums.map(\.title), ["A"], "a folder of videos is no album")
        XCTAssertEqual(library.albums[0].photos.count, 2)
        XCTAssertEqual(library.albums[0].notShown, NotShownCounts(videos: 2, sidecars: 2, unsupported: 2, unreadable: 1))
        XCTAssertEqual(library.albums[0].notShown.total, 7)
        XCTAssertEqual(library.notShownOutsideAlbums, NotShownCounts(videos: 1))
        XCTAssertEqual(library.problems.map(\.path.lastComponent), ["ghost.jpg"])
    }

    func testUnreadablePhotoIsCountedAsNotShownWhenNotRoot() throws {
        if geteuid() == 0 { throw XCTSkip("root reads any file: unreadability cannot be simulated") }
        let root = folder()
        photo(root + "/a.jpg"); photo(root + "/b.jpg")
        chmod(root + "/b.jpg", 0)
        let library = PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(library.albums[0].photos.map(\.displayName), ["a.jpg"])
        XCTAssertEqual(library.albums[0].notShown.unreadable, 1)
    }

    func testScanAnnouncesEveryCallAndOnlyBuildsPathsWhenObserved() {
        let root = folder()
        photo(root + "/A/a.jpg"); file(root + "/A/clip.mp4")
        final class Calls: @unchecked Sendable { let lock = NSLock(); var list: [String] = [] }
        let calls = Calls()
        FileAccess.observe { op, path in calls.lock.withLock { calls.list.append("\(op.rawValue) \(path.string.dropFirst(root.count))") } }
        defer { FileAccess.observe(nil) }
        PhotoLibrary.scan(root: PhotoPath(root))
        XCTAssertEqual(calls.lock.withLock { calls.list }, ["status ", "list ", "status /A", "list /A", "status /A/a.jpg"],
                       "the video is classified by name alone")
    }
}

/// A small deterministic generator for the tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}
