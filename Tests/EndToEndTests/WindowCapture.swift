import Foundation

/// One capture of the window's pixels (8-bit RGB), read from a binary PPM that `xwd | convert` wrote.
struct WindowCapture {
    let width: Int, height: Int
    /// Row-major RGB triples.
    let rgb: [UInt8]

    /// Parses a binary PPM (P6, maxval 255); nil when it is not one.
    init?(ppm data: Data) {
        let bytes = [UInt8](data)
        var fields: [Int] = [], i = 2
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        while fields.count < 3, i < bytes.count {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: "#") { while i < bytes.count, bytes[i] != 0x0A { i += 1 }; continue }
            var n = 0, digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { n = n * 10 + Int(bytes[i] - 0x30); i += 1; digits += 1 }
            guard digits > 0 else { return nil }
            fields.append(n)
        }
        i += 1   // the single whitespace after maxval
        guard fields.count == 3, fields[2] == 255, bytes.count - i >= fields[0] * fields[1] * 3 else { return nil }
        width = fields[0]; height = fields[1]
        rgb = Array(bytes[i..<(i + width * height * 3)])
    }

    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let o = (y * width + x) * 3
        return (rgb[o], rgb[o + 1], rgb[o + 2])
    }

    /// What in this capture is neither the app's background texture nor its content: pure black pixels (never drawn
    /// by the app: its shadows and texture are translucent over the slate background, and the test's photos avoid the
    /// extremes), and `block` × `block` squares of one exact colour other than the texture's base colour (the texture's
    /// threads are one pixel wide, card borders 3 points, text thinner; garbage — unpainted or stale areas, a window
    /// manager's frame — is flat). Empty when clean.
    func garbage(block: Int = 8, background: (UInt8, UInt8, UInt8) = (40, 46, 56)) -> [String] {
        let w = width, h = height, n = w * h
        // One word per pixel, so the scans below compare integers.
        var packed = [UInt32](repeating: 0, count: n)
        rgb.withUnsafeBufferPointer { src in
            packed.withUnsafeMutableBufferPointer { dst in
                for i in 0..<n { dst[i] = UInt32(src[3 * i]) << 16 | UInt32(src[3 * i + 1]) << 8 | UInt32(src[3 * i + 2]) }
            }
        }
        let base = UInt32(background.0) << 16 | UInt32(background.1) << 8 | UInt32(background.2)
        var problems: [String] = []
        packed.withUnsafeBufferPointer { px in
            var black = 0, firstBlack = -1
            for i in 0..<n where px[i] == 0 {
                black += 1
                if firstBlack < 0 { firstBlack = i }
            }
            if black > 0 { problems.append("\(black) pure black pixels (first at \(firstBlack % w),\(firstBlack / w))") }
            var flat = 0, firstFlat: (Int, Int, UInt32)?
            let step = max(1, block / 2)
            var y = 0
            while y + block <= h {
                var x = 0
                while x + block <= w {
                    let c = px[y * w + x]
                    var uniform = c != base
                    var yy = y
                    while uniform && yy < y + block {
                        var xx = x, o = yy * w + x
                        while xx < x + block { if px[o] != c { uniform = false; break }; xx += 1; o += 1 }
                        yy += 1
                    }
                    if uniform {
                        flat += 1
                        if firstFlat == nil { firstFlat = (x, y, c) }
                    }
                    x += step
                }
                y += step
            }
            if let f = firstFlat {
                problems.append("\(flat) flat \(block)×\(block) squares (first at \(f.0),\(f.1) colour #\(String(f.2, radix: 16)))")
            }
        }
        return problems
    }
}

extension AppSession {
    /// Captures the window's pixels now (`xwd` of the window, converted by ImageMagick); also kept as `name`.png in
    /// `$PHOTOSTACK_TEST_PNG_DIR` when that is set.
    func capture(named name: String) throws -> WindowCapture {
        try Self.requireScreenshotTools()
        let ppm = tempDir.appendingPathComponent(name + ".ppm").path
        // xwd reads the window's size, then its pixels: a resize step in between (the window manager is resizing it)
        // makes the read fail with BadMatch. Try again (a few times) rather than fail the test.
        var attempts = 0
        while true {
            do {
                try run("/bin/sh", ["-c", "/usr/bin/xwd -silent -id \(windowID) | /usr/bin/convert xwd:- -depth 8 '\(ppm)'"])
                break
            } catch {
                attempts += 1
                if attempts >= 5 { throw error }
            }
        }
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        if let dir = ProcessInfo.processInfo.environment["PHOTOSTACK_TEST_PNG_DIR"] {
            _ = try? run("/usr/bin/convert", [ppm, dir + "/" + name + ".png"])
        }
        guard let data = FileManager.default.contents(atPath: ppm), let c = WindowCapture(ppm: data) else {
            throw NSError(domain: "e2e", code: 1, userInfo: [NSLocalizedDescriptionKey: "unreadable capture \(name)"])
        }
        return c
    }
}
