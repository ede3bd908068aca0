import Canvas
import Foundation
import Host
@testable import PhotoPipeline
import XCTest
@testable import PhotoStackApp

/// The state file follows what is drawn at most every `App.animatingStateInterval` while frames come, except that
/// the frame that first shows the library's scan done writes it at once (`Screen.stateMilestone`): scripts time
/// the scan by it (`scripts/measure-big-library.sh`).
final class StateMilestoneTests: XCTestCase {
    func testTheFrameThatShowsTheScanDoneWritesTheStateAtOnce() throws {
        let statePath = NSTemporaryDirectory() + "state-milestone-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: statePath) }
        let library = LibraryModel(root: PhotoPath("/library"))   // not started: the test delivers the events
        let photos = PhotoService(pipeline: ThumbnailPipeline(diskCache: nil), post: { _ in })
        photos.logsFailures = false
        let browser = BrowserScreen(library: library, photos: photos, post: { _ in })
        let inbox = Inbox<AppMessage>()
        let app = App(screen: browser, inbox: inbox, width: 640, height: 480, scale: 1, statePath: statePath)
        let surface = try ImageSurface(pixelWidth: 640, pixelHeight: 480)
        func frame(at time: Double) {
            app.takeBackgroundResults(at: time)
            app.update(at: time)
            app.draw(in: CairoContext(surface: surface), width: 640, height: 480, scale: 1)
        }
        func scanning() throws -> Bool? {
            app.stateWriter?.flush()
            guard let data = FileManager.default.contents(atPath: statePath),
                  let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return (json["layout"] as? [String: Any])?["scanning"] as? Bool
        }
        let photo = Photo(folder: PhotoPath("/library/a"), name: Array("1.jpg".utf8), folderKey: FolderKey(device: 1, inode: 2),
                          identity: FileIdentity(device: 1, inode: 3, size: 1, mtimeSeconds: 1), format: .jpeg)
        let album = Album(id: "a", title: "a", path: PhotoPath("/library/a"), photos: [photo], key: FolderKey(device: 1, inode: 2))
        inbox.post(.library(.scan(.album(album))))
        frame(at: 1.0)
        XCTAssertEqual(try scanning(), true, "the first frame writes the state")
        inbox.post(.library(.scan(.finished(PhotoLibrary(root: PhotoPath("/library"), albums: [album], problems: [])))))
        frame(at: 1.02)   // 20 ms later: within the interval, but the scan is done
        XCTAssertEqual(try scanning(), false, "the frame that shows the scan done writes the state")
    }
}
