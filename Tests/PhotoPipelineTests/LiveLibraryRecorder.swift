import Foundation
import XCTest
@testable import PhotoPipeline

/// Records what a `LiveLibrary` delivers and lets a test wait for a condition with a deadline (no sleeps).
final class LiveLibraryRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [LiveLibraryEvent] = []

    /// Libraries delivered with an album key or a photo key twice (which a diffable snapshot refuses).
    private(set) var duplicates: [String] = []

    func record(_ event: LiveLibraryEvent) {
        var library: PhotoLibrary?
        if case .update(let u) = event { library = u.library }
        if case .scan(.finished(let l)) = event { library = l }
        let problem = library.flatMap { l -> String? in
            let keys = l.albums.flatMap { $0.photos.map(\.key) }
            if Set(l.albums.map(\.key)).count != l.albums.count { return "album keys repeated" }
            return Set(keys).count == keys.count ? nil : "photo keys repeated: \(keys.count - Set(keys).count)"
        }
        condition.lock()
        if let problem { duplicates.append(problem) }
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    var all: [LiveLibraryEvent] { condition.lock(); defer { condition.unlock() }; return events }

    var updates: [LibraryUpdate] { all.compactMap { if case .update(let u) = $0 { return u }; return nil } }

    var limits: [WatchLimit] { all.compactMap { if case .watchingLimited(let l) = $0 { return l }; return nil } }

    /// The library delivered last: the newest update's, else the finished scan's.
    var library: PhotoLibrary? {
        for event in all.reversed() {
            if case .update(let u) = event { return u.library }
            if case .scan(.finished(let l)) = event { return l }
        }
        return nil
    }

    /// Waits until `predicate` holds for the events so far, or `timeout` seconds pass; true when it held.
    @discardableResult
    func wait(timeout: Double = 10, until predicate: ([LiveLibraryEvent]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(events) {
            if !condition.wait(until: deadline) { return predicate(events) }
        }
        return true
    }

    /// Waits until the newest library satisfies `predicate`; fails the test (and returns nil) on timeout.
    @discardableResult
    func waitForLibrary(_ what: String, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                        _ predicate: @escaping (PhotoLibrary) -> Bool) -> PhotoLibrary? {
        let ok = wait(timeout: timeout) { events in
            for event in events.reversed() {
                if case .update(let u) = event { return predicate(u.library) }
                if case .scan(.finished(let l)) = event { return predicate(l) }
            }
            return false
        }
        if !ok { XCTFail("timed out waiting for: \(what); last library: \(String(describing: library?.albums.map { ($0.title, $0.photos.map(\.displayName)) }))", file: file, line: line) }
        return ok ? library : nil
    }
}
