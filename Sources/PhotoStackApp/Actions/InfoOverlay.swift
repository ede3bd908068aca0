import Canvas
import Foundation
import PhotoPipeline

/// The photo information panel (`i`): what `PhotoInfo` read — file, folder, pixel size, file size, date taken,
/// camera and lens, exposure, location — in the window's top-right corner.
enum InfoOverlay {
    /// The panel's rows (label, value) for a read result; `viewRotation` says why a photo turns in the view only.
    static func rows(_ result: Result<PhotoInfo, PhotoInfo.ReadError>?, viewRotation: String?) -> [(String, String)] {
        guard let result else { return [("", "Reading…")] }
        switch result {
        case .failure(let e): return [("", e.description)]
        case .success(let i):
            var rows: [(String, String)] = [("File", i.fileName), ("Folder", i.folder)]
            if let w = i.pixelWidth, let h = i.pixelHeight { rows.append(("Size", "\(w) × \(h) pixels")) }
            rows.append(("File size", byteCount(i.fileSize)))
            rows.append(("Taken", i.dateTaken.map(displayDate) ?? "unknown"))
            if let c = i.camera { rows.append(("Camera", c)) }
            if let l = i.lens { rows.append(("Lens", l)) }
            var exposure: [String] = []
            if let e = i.exposureText { exposure.append(e) }
            if let f = i.fNumber { exposure.append("f/\(trimmed(f))") }
            if let iso = i.iso { exposure.append("ISO \(iso)") }
            if let fl = i.focalLength {
                exposure.append("\(trimmed(fl)) mm" + (i.focalLength35mm.map { " (\($0) mm in 35 mm)" } ?? ""))
            }
            if !exposure.isEmpty { rows.append(("Exposure", exposure.joined(separator: "  ·  "))) }
            rows.append(("Location", i.hasLocation ? "recorded (GPS)" : "none"))
            if let note = i.exifNote { rows.append(("EXIF", note)) }
            if let colour = i.colourSpace { rows.append(("Colour", colour)) }
            if let note = i.colourNote { rows.append(("", note)) }
            if let v = viewRotation { rows.append(("Rotation", v)) }
            return rows
        }
    }

    /// "2021:07:14 18:03:22" → "2021-07-14 18:03:22".
    static func displayDate(_ exif: String) -> String {
        let parts = exif.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return exif }
        return parts[0].replacingOccurrences(of: ":", with: "-") + " " + parts[1]
    }

    static func trimmed(_ v: Double) -> String { v == v.rounded() ? "\(Int(v))" : String(format: "%.1f", v) }

    /// "4.2 MB (4,213,114 bytes)".
    static func byteCount(_ n: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB"]
        var v = Double(n), u = 0
        while v >= 1000 && u < units.count - 1 { v /= 1000; u += 1 }
        return u == 0 ? "\(n) bytes" : String(format: "%.1f %@ (%lld bytes)", v, units[u], n)
    }

    /// Draws the panel at the top-right of a `width` point wide window.
    static func draw(_ rows: [(String, String)], in ctx: CairoContext, width: Double, height: Double) {
        let panelWidth = min(480, width - 24), labelWidth = 104.0
        var laid: [(TextLayout, TextLayout, Double)] = []
        var h = 20.0
        for (label, value) in rows {
            let l = TextLayout(text: label, font: "Sans Bold 12", width: labelWidth - 8)
            let v = TextLayout(text: value, font: "Sans 12", width: panelWidth - labelWidth - 28)
            let rowHeight = max(l.size.height, v.size.height) + 5
            laid.append((l, v, rowHeight))
            h += rowHeight
        }
        let panel = CanvasRect(x: width - panelWidth - 12, y: 12, width: panelWidth, height: min(h, height - 24))
        ctx.newPath()
        ctx.roundedRectangle(panel, radius: 10)
        ctx.setColor(RGBA(0.08, 0.09, 0.11, 0.88))
        ctx.fill()
        var y = panel.y + 10
        for (l, v, rowHeight) in laid where y + rowHeight <= panel.y + panel.height {
            l.draw(in: ctx, x: panel.x + 14, y: y, color: RGBA(0.6, 0.78, 1))
            v.draw(in: ctx, x: panel.x + 14 + labelWidth, y: y, color: RGBA(1, 1, 1, 0.92))
            y += rowHeight
        }
    }
}
