import Foundation
import XCTest
@testable import PhotoPipeline

/// The freedesktop.org trash: info file format, name clashes, restore (undo), volume trash rules.
final class TrashTests: XCTestCase {
    private let fm = FileManager.default
    /// 2024-05-01 18:30:05 UTC.
    private let epoch = 1_714_588_205

    override func tearDown() { FileAccess.observe(nil) }

    private func bytes(_ path: String) -> [UInt8]? { fm.contents(atPath: path).map { Array($0) } }
    private func text(_ path: String) -> String? { bytes(path).map { String(decoding: $0, as: UTF8.self) } }
    private func mode(_ path: String) -> Int { (try? fm.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1 }

    private func localDate(_ epoch: Int) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = .current
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(epoch)))
    }

    func testInfoFileFormatAndParse() {
        let raw = Array("/home/ana/Fotos/Porto 2024/100%_IMG é#?.jpg".utf8) + [0xFF]
        let info = TrashInfo(path: raw, deletionDate: "2024-05-01T18:30:05")
        XCTAssertEqual(String(decoding: info.encoded(), as: UTF8.self),
                       "[Trash Info]\nPath=/home/ana/Fotos/Porto%202024/100%25_IMG%20%C3%A9%23%3F.jpg%FF\nDeletionDate=2024-05-01T18:30:05\n")
        XCTAssertEqual(TrashInfo.parse(info.encoded()), info, "round trip, raw bytes included")
        XCTAssertEqual(TrashInfo.parse(Array("# c\n[Trash Info]\r\nPath=/a%20b\r\nDeletionDate=2020-01-02T03:04:05\r\n".utf8)),
                       TrashInfo(path: Array("/a b".utf8), deletionDate: "2020-01-02T03:04:05"))
        XCTAssertNil(TrashInfo.parse(Array("[Other]\nPath=/a\nDeletionDate=x\n".utf8)), "keys outside the group")
        XCTAssertNil(TrashInfo.parse(Array("[Trash Info]\nDeletionDate=x\n".utf8)), "no Path")
        XCTAssertNil(TrashInfo.parse(Array("[Trash Info]\nPath=/a%2\nDeletionDate=x\n".utf8)), "bad escape")
        XCTAssertEqual(TrashInfo.deletionDate(epochSeconds: epoch), localDate(epoch), "local time, no zone")
    }

    func testHomeTrashMoveWritesInfoAndRestoreBringsBackTheSameBytes() throws {
        let root = TestImages.temporaryDirectory("trash")
        let album = root + "/Pictures/Porto 2024"
        try fm.createDirectory(atPath: album, withIntermediateDirectories: true)
        let photo = album + "/IMG 1.jpg"
        let content = TestImages.quadrantJPEG()
        TestImages.write(content, to: photo)
        let calls = FileAccessTests.Recorder()
        FileAccess.observe { op, path in calls.record(op, path) }
        let epoch = self.epoch
        let trash = Trash(homeTrash: PhotoPath(root + "/data/Trash"), now: { epoch })

        let item = try trash.moveToTrash(PhotoPath(photo))
        XCTAssertFalse(fm.fileExists(atPath: photo), "gone from the album")
        XCTAssertEqual(item.trashedPath.string, root + "/data/Trash/files/IMG 1.jpg")
        XCTAssertEqual(item.infoPath.string, root + "/data/Trash/info/IMG 1.jpg.trashinfo")
        XCTAssertEqual(bytes(item.trashedPath.string), content)
        XCTAssertEqual(text(item.infoPath.string),
                       "[Trash Info]\nPath=\(root)/Pictures/Porto%202024/IMG%201.jpg\nDeletionDate=\(localDate(epoch))\n")
        XCTAssertEqual(mode(root + "/data/Trash"), 0o700)
        XCTAssertEqual(mode(root + "/data/Trash/files"), 0o700)
        XCTAssertEqual(mode(item.infoPath.string), 0o600)
        XCTAssertTrue(calls.snapshot.contains { $0.0 == .write && $0.1 == item.infoPath.string }, "info write announced")
        XCTAssertTrue(calls.snapshot.contains { $0.0 == .write && $0.1 == photo }, "rename announced")

        try trash.restore(item)
        XCTAssertEqual(bytes(photo), content, "same bytes at the same path")
        XCTAssertFalse(fm.fileExists(atPath: item.infoPath.string), "info file removed")
        XCTAssertFalse(fm.fileExists(atPath: item.trashedPath.string))
        // Restored already (here by this test; by another program in life): said as such.
        XCTAssertThrowsError(try trash.restore(item)) { XCTAssertEqual($0 as? TrashError, .alreadyBack(item.originalPath)) }
        try fm.removeItem(atPath: photo)
        XCTAssertThrowsError(try trash.restore(item)) { XCTAssertEqual($0 as? TrashError, .notInTrash(item.originalPath)) }
        XCTAssertThrowsError(try trash.moveToTrash(PhotoPath(album + "/missing.jpg"))) {
            XCTAssertEqual($0 as? TrashError, .notFound(PhotoPath(album + "/missing.jpg")))
        }
    }

    func testNameClashesGetNewNamesAndStrayFilesAreSkipped() throws {
        let root = TestImages.temporaryDirectory("clash")
        let trash = Trash(homeTrash: PhotoPath(root + "/Trash"))
        var items: [TrashedItem] = []
        for i in 0..<4 {
            try fm.createDirectory(atPath: root + "/a\(i)", withIntermediateDirectories: true)
            TestImages.write([UInt8(i)], to: root + "/a\(i)/p.jpg")
            if i == 2 { TestImages.write([9], to: root + "/Trash/files/p.3.jpg") }   // in files/, no info
            items.append(try trash.moveToTrash(PhotoPath(root + "/a\(i)/p.jpg")))
        }
        XCTAssertEqual(items.map(\.trashedPath.lastComponent), ["p.jpg", "p.2.jpg", "p.4.jpg", "p.5.jpg"])
        XCTAssertFalse(fm.fileExists(atPath: root + "/Trash/info/p.3.jpg.trashinfo"), "the reservation was released")
        XCTAssertEqual(bytes(root + "/Trash/files/p.3.jpg"), [9], "the stray file is untouched")
        for (i, item) in items.enumerated() {
            XCTAssertEqual(bytes(item.trashedPath.string), [UInt8(i)])
            XCTAssertEqual(TrashInfo.parse(bytes(item.infoPath.string) ?? [])?.path, Array("\(root)/a\(i)/p.jpg".utf8))
        }
        TestImages.write([1], to: root + "/a0/README")
        TestImages.write([2], to: root + "/a1/README")
        _ = try trash.moveToTrash(PhotoPath(root + "/a0/README"))
        XCTAssertEqual(try trash.moveToTrash(PhotoPath(root + "/a1/README")).trashedPath.lastComponent, "README.2")
        XCTAssertEqual(Trash.candidateName(Array(".hidden".utf8), attempt: 3), Array(".hidden.3".utf8))
    }

    func testRestoreRefusesATakenPathAndAMissingFolder() throws {
        let root = TestImages.temporaryDirectory("restore")
        try fm.createDirectory(atPath: root + "/album", withIntermediateDirectories: true)
        TestImages.write([1, 2, 3], to: root + "/album/p.jpg")
        let trash = Trash(homeTrash: PhotoPath(root + "/Trash"))
        let item = try trash.moveToTrash(PhotoPath(root + "/album/p.jpg"))
        TestImages.write([7], to: root + "/album/p.jpg")
        XCTAssertThrowsError(try trash.restore(item)) { error in
            XCTAssertEqual(error as? TrashError, .originalPathTaken(PhotoPath(root + "/album/p.jpg")))
            XCTAssertTrue("\(error)".contains("already there"), "\(error)")
        }
        XCTAssertEqual(bytes(root + "/album/p.jpg"), [7], "nothing overwritten")
        XCTAssertEqual(bytes(item.trashedPath.string), [1, 2, 3], "still in the trash")
        XCTAssertTrue(fm.fileExists(atPath: item.infoPath.string))
        try fm.removeItem(atPath: root + "/album")
        XCTAssertThrowsError(try trash.restore(item)) {
            XCTAssertEqual($0 as? TrashError, .originalFolderMissing(PhotoPath(root + "/album/p.jpg")))
        }
    }

    /// Volumes injected: everything under `vol` is "another file system" whose top directory is `vol`.
    private func volumeTrash(_ root: String) -> Trash {
        let vol = root + "/vol"
        let volumes = TrashVolumes(
            device: { path in
                guard FileManager.default.fileExists(atPath: path.string) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path.string)) != nil else { return nil }
                return path.string.hasPrefix(vol) ? 2 : 1
            },
            topDirectory: { path in path.string.hasPrefix(vol + "/") ? PhotoPath(vol) : nil })
        return Trash(homeTrash: PhotoPath(root + "/home/Trash"), volumes: volumes)
    }

    func testFilesOnAnotherMountGoToTheVolumeTrash() throws {
        let uid = getuid()
        for setup in ["none", "sticky", "notSticky", "symlink"] {
            let root = TestImages.temporaryDirectory("vol")
            try fm.createDirectory(atPath: root + "/vol/album", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
            switch setup {
            case "sticky":
                try fm.createDirectory(atPath: root + "/vol/.Trash", withIntermediateDirectories: false)
                chmod(root + "/vol/.Trash", 0o1777)
            case "notSticky":
                try fm.createDirectory(atPath: root + "/vol/.Trash", withIntermediateDirectories: false)
                chmod(root + "/vol/.Trash", 0o777)
            case "symlink":
                try fm.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: false)
                chmod(root + "/elsewhere", 0o1777)
                try fm.createSymbolicLink(atPath: root + "/vol/.Trash", withDestinationPath: root + "/elsewhere")
            default: break
            }
            TestImages.write([4, 5, 6], to: root + "/vol/album/p 1.jpg")
            let trash = volumeTrash(root)
            let item = try trash.moveToTrash(PhotoPath(root + "/vol/album/p 1.jpg"))
            let expected = setup == "sticky" ? root + "/vol/.Trash/\(uid)" : root + "/vol/.Trash-\(uid)"
            XCTAssertEqual(item.trashedPath.string, expected + "/files/p 1.jpg", setup)
            XCTAssertEqual(mode(expected), 0o700, setup)
            XCTAssertTrue(text(item.infoPath.string)?.contains("\nPath=album/p%201.jpg\n") == true,
                          "\(setup): Path relative to the top directory: \(text(item.infoPath.string) ?? "-")")
            XCTAssertFalse(fm.fileExists(atPath: root + "/home/Trash"), "\(setup): home trash untouched")
            if setup == "symlink" { XCTAssertEqual(try fm.contentsOfDirectory(atPath: root + "/elsewhere"), [], "symlink not followed") }
            try trash.restore(item)
            XCTAssertEqual(bytes(root + "/vol/album/p 1.jpg"), [4, 5, 6], setup)
        }
    }

    /// A real second file system where the machine has one (/dev/shm is a tmpfs on most Linux systems): a
    /// rename across it fails with EXDEV, and the trash must then use the file's own volume.
    func testACrossDeviceRenameFallsBackToTheVolumeTrash() throws {
        let shm = "/dev/shm/photostack-trash-\(UUID().uuidString)"
        let tmp = TestImages.temporaryDirectory("xdev")
        guard (try? fm.createDirectory(atPath: shm + "/album", withIntermediateDirectories: true)) != nil,
              TrashVolumes.system.device(PhotoPath(shm)) != TrashVolumes.system.device(PhotoPath(tmp)) else {
            throw XCTSkip("no second file system at /dev/shm")
        }
        defer { try? fm.removeItem(atPath: shm) }
        TestImages.write([3, 1, 4], to: shm + "/album/p.jpg")
        // The device lookup lies (one device everywhere), so the home trash in /tmp is tried first.
        let volumes = TrashVolumes(device: { TrashVolumes.system.device($0) == nil ? nil : 1 },
                                   topDirectory: { _ in PhotoPath(shm) })
        let trash = Trash(homeTrash: PhotoPath(tmp + "/Trash"), volumes: volumes)
        let item = try trash.moveToTrash(PhotoPath(shm + "/album/p.jpg"))
        XCTAssertEqual(item.trashedPath.string, shm + "/.Trash-\(getuid())/files/p.jpg")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: tmp + "/Trash/info"), [], "the home reservation was released")
        try trash.restore(item)
        XCTAssertEqual(bytes(shm + "/album/p.jpg"), [3, 1, 4])
    }

    func testAVolumeTrashThatIsASymlinkIsRefused() throws {
        let root = TestImages.temporaryDirectory("volsym")
        try fm.createDirectory(atPath: root + "/vol/album", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: root + "/vol/.Trash-\(getuid())", withDestinationPath: root + "/elsewhere")
        TestImages.write([1], to: root + "/vol/album/p.jpg")
        XCTAssertThrowsError(try volumeTrash(root).moveToTrash(PhotoPath(root + "/vol/album/p.jpg"))) { error in
            guard case .noTrash = error as? TrashError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(bytes(root + "/vol/album/p.jpg"), [1], "the photo stays")
    }

    func testConcurrentCallsGetDistinctNames() throws {
        let root = TestImages.temporaryDirectory("conc")
        for i in 0..<8 {
            try fm.createDirectory(atPath: root + "/d\(i)", withIntermediateDirectories: true)
            TestImages.write([UInt8(i)], to: root + "/d\(i)/same.jpg")
        }
        let trash = Trash(homeTrash: PhotoPath(root + "/Trash"))
        let results = FileAccessTests.Recorder()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            if let item = try? trash.moveToTrash(PhotoPath(root + "/d\(i)/same.jpg")) { results.record(.write, item.trashedPath) }
        }
        let names = results.snapshot.map(\.1)
        XCTAssertEqual(Set(names).count, 8, "\(names)")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: root + "/Trash/info").count, 8)
    }

    func testHomeTrashLocationAndSystemTopDirectory() throws {
        XCTAssertEqual(Trash.homeTrashPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).string, "/x/data/Trash")
        XCTAssertEqual(Trash.homeTrashPath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).string, "/h/.local/share/Trash")
        XCTAssertEqual(Trash.homeTrashPath(environment: ["HOME": "/h"]).string, "/h/.local/share/Trash")
        let root = TestImages.temporaryDirectory("top")
        TestImages.write([1], to: root + "/f.jpg")
        let volumes = TrashVolumes.system
        let top = try XCTUnwrap(volumes.topDirectory(PhotoPath(root + "/f.jpg")))
        XCTAssertTrue((root + "/f.jpg").hasPrefix(top.string), top.string)
        XCTAssertEqual(volumes.device(top), volumes.device(PhotoPath(root + "/f.jpg")))
        if top.string != "/" {
            XCTAssertNotEqual(volumes.device(PosixFiles.parent(of: top)), volumes.device(top), "top is the highest on its device")
        }
    }
}
