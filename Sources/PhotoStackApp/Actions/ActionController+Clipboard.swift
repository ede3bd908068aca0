import Host
import PhotoPipeline

extension ActionController {
    /// Ctrl+C: the app takes the clipboard with the photos' URIs, paths, and (one photo) its image as PNG.
    func copy(_ targets: ActionTargets) {
        guard !targets.photos.isEmpty else { return }
        let paths = targets.photos.map(\.photo.path)
        services.offerClipboard(ClipboardContent.offer(for: paths))
        clipboardPhoto = paths.count == 1 ? (paths[0], viewRotations[paths[0]] ?? 0) : nil
        clipboardPNG = nil
        pendingPNGRequests.removeAll()
        say(paths.count == 1 ? "Copied \(targets.summary)" : "Copied \(targets.summary) (as files)")
    }

    /// A program asks for the PNG: made once by the worker (decoded at full size off the UI thread), then kept
    /// until another program takes the clipboard.
    func answerClipboard(_ request: ClipboardRequest) {
        guard request.mimeType == ClipboardContent.png, let photo = clipboardPhoto else {
            services.answerClipboardRequest(request.id, data: nil)
            return
        }
        if let png = clipboardPNG {
            services.answerClipboardRequest(request.id, data: png)
            return
        }
        pendingPNGRequests.append(request.id)
        if pendingPNGRequests.count == 1 { worker.encodePNG(photo.path, quarterTurns: photo.quarterTurns, for: request.id) }
    }

    /// The PNG arrived: every request waiting for it is answered.
    func clipboardDataArrived(_ id: Int, bytes: [UInt8]?, reason: String?) -> Bool {
        guard pendingPNGRequests.contains(id) else { return false }
        if let bytes, clipboardPhoto != nil { clipboardPNG = bytes }
        for r in pendingPNGRequests { services.answerClipboardRequest(r, data: bytes) }
        pendingPNGRequests.removeAll()
        if let reason { say("The photo could not be copied as an image: \(reason)") ; return true }
        return false
    }
}
