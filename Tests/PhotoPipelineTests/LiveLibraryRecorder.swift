import Foundation
import XCTest
@testable import PhotoPipeline

/// Records what a `LiveLibrary` delivers and lets a test wait for a condition with a deadline (no sleeps).
final class LiveLibraryRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [LiveLibraryEvent] = []

    func record(_ event: LiveLibraryEvent) {
        condition.lock()
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
