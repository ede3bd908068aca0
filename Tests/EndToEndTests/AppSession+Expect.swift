import Foundation

/// Waiting for a state that must come: throws (with the last state seen) instead of returning nil.
extension AppSession {
    struct StateTimeout: Error, CustomStringConvertible {
        var what: String, last: String
        var description: String { "timed out waiting for \(what) (last state: \(last))" }
    }

    /// Polls the state until `condition` holds (at most `timeout` seconds) and returns it; throws
    /// `StateTimeout` naming `what` and the last state otherwise.
    @discardableResult
    func expectState(_ what: String, timeout: Double = 10, _ condition: (AppStateReading) -> Bool) throws -> AppStateReading {
        if let s = waitForState(timeout: timeout, condition) { return s }
        throw StateTimeout(what: what, last: state()?.summary ?? "none")
    }
}
