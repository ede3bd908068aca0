import Foundation
import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// Issue 32 (item 3): where the Places screen's entries come from — GTK bookmarks (labels, percent-encoding),
/// the mount table (drives and network shares, no pseudo file systems), recent libraries in the settings, and
/// folders that are gone listed as unavailable rather than dropped.
final class PlacesEntriesTests: XCTestCase {
    func testBookmarksKeepLabelsAndDecodePercentEncodedPaths() {
        let text = """
            file:///home/ana/Trips%202024 Holidays by the sea
            file:///home/ana/Plain
            sftp://server/photos Server
            file://localhost/srv/caf%C3%A9/ Café share

            recent:///
            file:///bad%2
            file:///home/ana/Trailing%20space%20
            """
        let b = GTKBookmarks.parse(text)
        XCTAssertEqual(b, [
            GTKBookmarks.Bookmark(path: PhotoPath("/home/ana/Trips 2024"), label: "Holidays by the sea"),
            GTKBookmarks.Bookmark(path: PhotoPath("/home/ana/Plain"), label: nil),
            GTKBookmarks.Bookmark(path: PhotoPath("/srv/café"), label: "Café share"),
            GTKBookmarks.Bookmark(path: PhotoPath("/home/ana/Trailing space "), label: nil),
        ])
        XCTAssertEqual(GTKBookmarks.file(environment: [:], home: "/home/ana"), "/home/ana/.config/gtk-3.0/bookmarks")
        XCTAssertEqual(GTKBookmarks.file(environment: ["XDG_CONFIG_HOME": "/cfg"], home: "/home/ana"), "/cfg/gtk-3.0/bookmarks")
    }

    func testMountTableListsDrivesAndNetworkSharesButNoPseudoFileSystems() {
        let mounts = """
            /dev/sda1 / ext4 rw,relatime 0 0
            proc /proc proc rw,nosuid 0 0
            sysfs /sys sysfs rw 0 0
            tmpfs /run tmpfs rw 0 0
            /dev/sda2 /home ext4 rw 0 0
            /dev/sdb1 /media/ana/USB\\040STICK vfat rw 0 0
            /dev/sdc1 /run/media/bo/Camera exfat rw 0 0
            tmpfs /mnt/ramdisk tmpfs rw 0 0
            /dev/sdd1 /mnt/backup ext4 rw 0 0
            /dev/loop3 /media/ana/snapimage squashfs ro 0 0
            nas:/export/photos /srv/photos nfs4 rw 0 0
            //nas/share /home/ana/nas cifs rw 0 0
            ana@host:/pics /home/ana/remote fuse.sshfs rw 0 0
            portal /run/user/1000/doc fuse.portal rw 0 0
            gvfsd-fuse /run/user/1000/gvfs fuse.gvfsd-fuse rw 0 0
            cgroup2 /sys/fs/cgroup cgroup2 rw 0 0
            """
        let listed = MountTable.placesMounts(in: mounts)
        XCTAssertEqual(listed.map(\.point.string), ["/media/ana/USB STICK", "/run/media/bo/Camera", "/mnt/backup", "/srv/photos",
                                                     "/home/ana/nas", "/home/ana/remote"])
        XCTAssertEqual(listed.map(\.isNetwork), [false, false, false, true, true, true])
    }

    func testRecentLibrariesAreRememberedNewestFirstOnceEachAndKeptInTheSettingsFile() throws {
        var s = AppSettings()
        for f in ["/a", "/b", "/c", "/a"] { s.rememberLibrary(f) }
        XCTAssertEqual(s.recentLibraries, ["/a", "/c", "/b"])
        for i in 0..<10 { s.rememberLibrary("/x\(i)") }
        XCTAssertEqual(s.recentLibraries.count, AppSettings.recentLimit)
        XCTAssertEqual(s.recentLibraries.first, "/x9")
        let back = try SettingsStore.decode(SettingsStore.encode(s))
        XCTAssertEqual(back.recentLibraries, s.recentLibraries)
        XCTAssertFalse(String(decoding: SettingsStore.encode(AppSettings()), as: UTF8.self).contains("recentLibraries"),
                       "no key while there is nothing to remember")
    }

    func testEntriesComeInOrderOnceEachAndMissingFoldersAreListedAsUnavailable() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-places-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let home = root + "/home"
        for d in ["/Pictures", "/.config/gtk-3.0"] { try FileManager.default.createDirectory(atPath: home + d, withIntermediateDirectories: true) }
        try FileManager.default.createDirectory(atPath: root + "/Trips 2024", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/a file"))
        try """
            file://\(root)/Trips%202024 Holidays
            file://\(root)/Gone
            file://\(root)/a%20file
            file://\(home)/Pictures
            """.write(toFile: home + "/.config/gtk-3.0/bookmarks", atomically: true, encoding: .utf8)
        let mounts = root + "/mounts"
        try "//nas/x \(root)/nas cifs rw 0 0\n".write(toFile: mounts, atomically: true, encoding: .utf8)
        let places = PlacesFinder.find(PlacesFinder.Inputs(home: home, environment: [:], sampleLibrary: root + "/sample",
                                                           recent: [root + "/Trips 2024", root + "/Old"], mountsFile: mounts))
        XCTAssertEqual(places.map(\.name), ["Pictures", "Home", "Sample photos", "Trips 2024", "Old", "Gone", "a file", "nas"])
        guard places.count == 8 else { return }
        XCTAssertEqual(places.map(\.kind), [.pictures, .home, .sample, .recent, .recent, .bookmark, .bookmark, .network])
        XCTAssertEqual(places.map(\.isAvailable), [true, true, false, true, false, false, false, false])
        XCTAssertEqual(places[5].unavailableReason, "folder not found")
        XCTAssertEqual(places[6].unavailableReason, "not a folder")
    }
}
