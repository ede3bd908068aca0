import Foundation
import XCTest

/// Issue 2's window acceptance, against the main screen (`photostack` with no subcommand) under a private
/// Xvfb: window properties, WM_DELETE_WINDOW, resize, loss of the X server, and CPU use at rest.
final class WindowEndToEndTests: XCTestCase {
    override class func tearDown() {
        WindowCloseRequester.removeBuild()
        super.tearDown()
    }

    func session() throws -> AppSession {
        try AppSession(arguments: [], width: 800, height: 600)
    }

    /// The value after " = " on the line of `property` in xprop output.
    func value(of property: String, in xprop: String) -> String? {
        guard let line = xprop.split(separator: "\n").first(where: { $0.hasPrefix(property + "(") }),
              let r = line.range(of: " = ") else { return nil }
        return String(line[r.upperBound...])
    }

    func testWindowOpensWithTitleClassPidAndMinimumSize() throws {
        let s = try session()
        defer { s.stop() }
        let state = try XCTUnwrap(s.waitForState { _ in true })
        XCTAssertEqual(AppStateReading.number((state.json["window"] as? [String: Any])?["width"]), 800)
        XCTAssertEqual(AppStateReading.number((state.json["window"] as? [String: Any])?["height"]), 600)
        let geometry = try s.run("/usr/bin/xdotool", ["getwindowgeometry", s.windowID])
        XCTAssertTrue(geometry.contains("Geometry: 800x600"), geometry)

        let name = try s.run("/usr/bin/xdotool", ["getwindowname", s.windowID])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(name.hasSuffix(" — PhotoStack"), "title: \(name)")
        XCTAssertTrue(name.hasPrefix("\u{200E}"), "a left-to-right mark first: \(name.unicodeScalars.first.map { String($0.value, radix: 16) } ?? "")")
        let props = try s.xprop(["_NET_WM_NAME", "WM_NAME", "WM_CLASS", "_NET_WM_PID", "WM_CLIENT_MACHINE",
                                "WM_NORMAL_HINTS", "WM_PROTOCOLS"])
        XCTAssertTrue(props.contains("_NET_WM_NAME(UTF8_STRING) = "), props)
        XCTAssertEqual(value(of: "_NET_WM_NAME", in: props), "\"\(name)\"")
        XCTAssertEqual(value(of: "WM_CLASS", in: props), "\"photostack\", \"PhotoStack\"")
        XCTAssertEqual(value(of: "_NET_WM_PID", in: props), s.appPID.map(String.init))
        // EWMH: a window with _NET_WM_PID must also name its host; ICCCM tools read WM_NAME.
        XCTAssertEqual(value(of: "WM_CLIENT_MACHINE", in: props), "\"\(ProcessInfo.processInfo.hostName)\"")
        XCTAssertEqual(value(of: "WM_NAME", in: props), "\"\(name)\"")
        // xprop prints "WM_PROTOCOLS(ATOM): protocols  WM_DELETE_WINDOW".
        XCTAssertTrue(props.split(separator: "\n").contains { $0.hasPrefix("WM_PROTOCOLS(ATOM)") && $0.contains("WM_DELETE_WINDOW") }, props)

        // "program specified minimum size: W by H", a sensible size smaller than the window.
        let line = try XCTUnwrap(props.split(separator: "\n").first { $0.contains("program specified minimum size") }, props)
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 2, String(line))
        if numbers.count == 2 {
            XCTAssertTrue((200...800).contains(numbers[0]) && (150...600).contains(numbers[1]), String(line))
        }
    }

    func testDeleteWindowMessageEndsTheAppWithStatusZero() throws {
        let s = try session()
        defer { s.stop() }
        XCTAssertNotNil(s.waitUntilSettled())
        try WindowCloseRequester.requestClose(in: s)
        let status = s.waitForAppExit(timeout: 5)
        XCTAssertEqual(status, 0, "exit status after WM_DELETE_WINDOW; stderr: \(s.appStandardError)")
        XCTAssertEqual(s.appStandardError, "", "a clean close prints nothing")
    }

    func testCtrlQEndsTheAppWithStatusZero() throws {
        let s = try session()
        defer { s.stop() }
        XCTAssertNotNil(s.waitUntilSettled())
        // Bare Xvfb focuses the window under the pointer.
        try s.xdotool(s.move(400, 300) + ["key", "ctrl+q"])
        XCTAssertEqual(s.waitForAppExit(timeout: 5), 0, "exit status after Ctrl+Q; stderr: \(s.appStandardError)")
    }

    func testResizeIsReportedInTheState() throws {
        let s = try session()
        defer { s.stop() }
        XCTAssertNotNil(s.waitUntilSettled())
        for (w, h) in [(600, 720), (1000, 500)] {
            try s.xdotool(["windowsize", s.windowID, String(w), String(h)])
            let state = s.waitForState { st in
                let win = st.json["window"] as? [String: Any]
                return !st.animating && AppStateReading.number(win?["width"]) == Double(w) && AppStateReading.number(win?["height"]) == Double(h)
            }
            XCTAssertNotNil(state, "the state reports \(w)x\(h); last: \(s.state()?.raw ?? "none")")
            if let state {
                XCTAssertEqual(state.contentWidth, Double(w), "a vertical screen's content is as wide as the window")
                XCTAssertFalse(state.visible.isEmpty)
            }
        }
    }

    func testKillingTheXServerEndsTheAppWithAOneLineMessage() throws {
        let s = try session()
        defer { s.stop() }
        XCTAssertNotNil(s.waitUntilSettled())
        let start = Date()
        s.killServer(signal: SIGKILL)
        let status = s.waitForAppExit(timeout: 2)
        let elapsed = Date().timeIntervalSince(start)
        print("figure: app exited \(String(format: "%.3f", elapsed)) s after SIGKILL of the X server, status \(status.map(String.init) ?? "none")")
        let exitStatus = try XCTUnwrap(status, "the app still runs 2 s after the X server died")
        XCTAssertNotEqual(exitStatus, 0)
        XCTAssertLessThan(exitStatus, 128, "an orderly exit, not a death by signal (crash)")
        let lines = s.appStandardError.split(separator: "\n", omittingEmptySubsequences: true)
        XCTAssertEqual(lines.count, 1, "one line on stderr: \(s.appStandardError)")
        XCTAssertTrue(lines.first?.hasPrefix("photostack: ") ?? false, s.appStandardError)
        XCTAssertTrue(lines.first?.contains("X server") ?? false, s.appStandardError)
    }

    /// Measured in the test from /proc/PID/stat (utime + stime of all threads) over 3 s of wall time, after
    /// the state file has been quiet for 0.5 s with `animating` false: once after start, once after a scroll.
    func testIdleWindowUsesUnderOnePercentOfACore() throws {
        let s = try session()
        defer { s.stop() }
        XCTAssertNotNil(s.waitUntilSettled(quiet: 0.5))
        try assertIdle(s, after: "start")
        try s.xdotool(s.move(400, 300) + ["click", "--repeat", "3", "--delay", "30", "5"] + s.move(100, 100))
        XCTAssertNotNil(s.waitForState { $0.offsetY > 0 && !$0.animating }, "the wheel scrolled")
        XCTAssertNotNil(s.waitUntilSettled(quiet: 0.5))
        try assertIdle(s, after: "a scroll")
    }

    func assertIdle(_ s: AppSession, after what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try XCTUnwrap(s.appCPUSeconds, file: file, line: line)
        let stateBefore = try FileManager.default.attributesOfItem(atPath: s.statePath)[.modificationDate] as? Date
        let start = Date()
        Thread.sleep(forTimeInterval: 3)
        let after = try XCTUnwrap(s.appCPUSeconds, file: file, line: line)
        let wall = Date().timeIntervalSince(start)
        let percent = (after - before) / wall * 100
        print("figure: idle CPU after \(what): \(String(format: "%.2f", percent)) % of a core over \(String(format: "%.2f", wall)) s (\(after - before) s CPU)")
        XCTAssertTrue(s.appIsRunning, file: file, line: line)
        XCTAssertLessThan(percent, 1, "idle CPU use after \(what), percent of one core", file: file, line: line)
        let stateAfter = try FileManager.default.attributesOfItem(atPath: s.statePath)[.modificationDate] as? Date
        XCTAssertEqual(stateBefore, stateAfter, "nothing changed, so the state file is not rewritten", file: file, line: line)
    }

    func testXftDpiSetsTheScaleAndTheWindowsPixelSize() throws {
        let s = try AppSession(arguments: [], width: 400, height: 300, scale: nil, resources: "Xft.dpi:\t192\n")
        defer { s.stop() }
        let state = try XCTUnwrap(s.waitUntilSettled())
        let window = try XCTUnwrap(state.json["window"] as? [String: Any])
        XCTAssertEqual(AppStateReading.number(window["scale"]), 2, "192 dpi / 96")
        XCTAssertEqual(AppStateReading.number(window["width"]), 400, "points")
        XCTAssertEqual(AppStateReading.number(window["height"]), 300, "points")
        let geometry = try s.run("/usr/bin/xdotool", ["getwindowgeometry", s.windowID])
        XCTAssertTrue(geometry.contains("Geometry: 800x600"), "device pixels: \(geometry)")
    }

    /// The window shows what `--snapshot` renders for the same size: captured from the X server with
    /// ImageMagick's `import` and compared pixel by pixel with the headless PNG.
    func testTheWindowShowsWhatTheSnapshotRenders() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/import"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else {
            throw XCTSkip("ImageMagick is not installed (scripts/install-deps.sh test)")
        }
        let s = try session()
        defer { s.stop() }
        XCTAssertNotNil(s.waitUntilSettled())
        let shot = s.tempDir.appendingPathComponent("window.rgb").path
        let snap = s.tempDir.appendingPathComponent("snapshot.png").path
        let snapRGB = s.tempDir.appendingPathComponent("snapshot.rgb").path
        try s.run("/usr/bin/import", ["-silent", "-window", s.windowID, "-depth", "8", "rgb:" + shot])
        try s.run(AppSession.binary, ["--snapshot", snap, "--size", "800x600", "--scale", "1"])
        try s.run("/usr/bin/convert", [snap, "-alpha", "off", "-depth", "8", "rgb:" + snapRGB])
        let a = try XCTUnwrap(FileManager.default.contents(atPath: shot)), b = try XCTUnwrap(FileManager.default.contents(atPath: snapRGB))
        XCTAssertEqual(a.count, 800 * 600 * 3)
        XCTAssertEqual(b.count, 800 * 600 * 3)
        guard a.count == b.count else { return }
        var far = 0, total = 0
        for i in 0..<a.count {
            let d = abs(Int(a[i]) - Int(b[i]))
            total += d
            if d > 24 { far += 1 }
        }
        let mean = Double(total) / Double(a.count), farShare = Double(far) / Double(a.count)
        print("figure: window vs snapshot: mean channel difference \(String(format: "%.3f", mean)), \(String(format: "%.4f", farShare * 100)) % of channels off by more than 24")
        XCTAssertLessThan(mean, 1.5)
        XCTAssertLessThan(farShare, 0.005)
    }

    /// Frames made by moving the back buffer (scroll-copy, XCopyArea on the server) leave nothing behind: after
    /// wheeling down and back up, the window shows the first frame again.
    func testScrollingAwayAndBackShowsTheFirstFrameAgain() throws { try checkScrollingAwayAndBack(session()) }

    /// The same in a window of over 4 M device pixels, whose back buffer has spare rows (the view moves within them).
    func testScrollingAwayAndBackInABigWindowShowsTheFirstFrameAgain() throws {
        try checkScrollingAwayAndBack(AppSession(arguments: [], width: 2400, height: 1700))
    }

    func checkScrollingAwayAndBack(_ s: AppSession) throws {
        defer { s.stop() }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/import") else {
            throw XCTSkip("ImageMagick is not installed (scripts/install-deps.sh test)")
        }
        XCTAssertNotNil(s.waitUntilSettled())
        func capture(_ name: String) throws -> Data {
            let path = s.tempDir.appendingPathComponent(name + ".rgb").path
            try s.run("/usr/bin/import", ["-silent", "-window", s.windowID, "-depth", "8", "rgb:" + path])
            return try XCTUnwrap(FileManager.default.contents(atPath: path))
        }
        func differences(_ a: Data, _ b: Data) -> (channels: Int, largest: Int) {
            var n = 0, largest = 0
            for i in 0..<min(a.count, b.count) where a[i] != b[i] {
                n += 1
                largest = max(largest, abs(Int(a[i]) - Int(b[i])))
            }
            return (n, largest)
        }
        let first = try capture("first")
        // The wheel over the background left of the stacks (no hover lift), five notches down.
        try s.xdotool(s.move(3, 300) + ["click", "--repeat", "5", "--delay", "40", "5"])
        let down = try XCTUnwrap(s.waitForState { $0.isAtRest && $0.offsetY > 200 })
        XCTAssertNotNil(s.waitUntilSettled(quiet: 1.5))   // until the scroll indicator has faded
        let away = try capture("away")
        XCTAssertGreaterThan(differences(first, away).channels, first.count / 4, "scrolled to \(down.offsetY)")
        try s.xdotool(["click", "--repeat", "5", "--delay", "40", "4"])
        _ = try XCTUnwrap(s.waitForState { $0.isAtRest && $0.offsetY == 0 })
        XCTAssertNotNil(s.waitUntilSettled(quiet: 1.5))
        let back = try capture("back")
        XCTAssertEqual(first.count, back.count)
        let d = differences(first, back)
        print("figure: first frame vs after scrolling away and back: \(d.channels) channels differ, by at most \(d.largest)")
        XCTAssertEqual(d.channels, 0, "the same pixels (the indicator's fade ends with a frame without it)")
    }
}
