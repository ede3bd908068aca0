import Canvas
import Foundation
import Host
import PhotoPipeline
import PhotoStackApp

/// The app as the in-process benches run it: `App` → `BrowserScreen` on a library, driven by a `HeadlessHost`
/// loop turn, with photos "loaded" as generated thumbnails (no decoding: the benches measure frames, not codecs).
final class BenchSession {
    let inbox = Inbox<AppMessage>()
    let service: PhotoService
    let model: LibraryModel
    let browser: BrowserScreen
    let app: App
    let host: HeadlessHost

    /// - Parameters:
    ///   - thumbnail: the generated thumbnails' size, pixels.
    ///   - pixel: the colour (ARGB, opaque) of pixel (x, y) of a photo whose path hashes to `seed`.
    init(root: String, width: Double, height: Double, scale: Double, thumbnail: (width: Int, height: Int),
         pixel: @escaping @Sendable (_ x: Int, _ y: Int, _ seed: UInt32) -> UInt32) throws {
        let inbox = self.inbox
        let tw = thumbnail.width, th = thumbnail.height
        service = PhotoService(post: { inbox.post($0) }, workerCount: ProcessInfo.processInfo.activeProcessorCount) { request in
            let seed = UInt32(truncatingIfNeeded: request.photo.path.string.hashValue)
            let image = PixelImage(width: tw, height: th) { x, y in pixel(x, y, seed) }
            return .success(LoadedImage(image: image, source: .decode, originalWidth: tw, originalHeight: th))
        }
        service.logsFailures = false
        model = LibraryModel(root: PhotoPath(root))
        model.start(post: { inbox.post($0) })
        browser = BrowserScreen(library: model, photos: service)
        app = App(screen: browser, inbox: inbox, width: width, height: height, scale: scale)
        host = try HeadlessHost(width: width, height: height, scale: scale)
        inbox.connect(wake: host.wake)
        host.start(app)
    }

    /// Turns the loop until the library scan has ended; throws when it has not by `deadline`.
    func waitForScan(until deadline: Date) throws {
        while model.isScanning && Date() < deadline { host.waitForWake(timeout: 0.05); host.turn(app) }
        guard !model.isScanning else { throw BenchError("the scan did not end in time") }
    }
}
