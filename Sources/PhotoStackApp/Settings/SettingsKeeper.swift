import Foundation
import PhotoPipeline

/// The settings of this run and the one way they are saved. The UI thread reads and changes them (`update`); every
/// change is encoded there (pure) and the bytes go to one serial background queue that writes the file atomically
/// (`SettingsStore.write`). Only the newest bytes are written: a burst of zoom steps is one or two writes, never an
/// older state after a newer one. Nothing is posted back; a failed write is one line on stderr.
///
/// Every part of the app that remembers something (zoom levels, the sort order) changes it here, so no writer saves
/// a stale copy of another's settings.
public final class SettingsKeeper: @unchecked Sendable {
    /// The settings now. UI thread only.
    public private(set) var settings: AppSettings
    /// Where they are saved; nil keeps them in memory (tests, snapshots).
    public let store: SettingsStore?
    /// Every keeper's writes, in order (one queue per process: `waitForWrites` waits for all of them).
    private static let writes = DispatchQueue(label: "photostack.settings", qos: .utility)
    private let lock = NSLock()
    /// Bytes waiting for the queue (guarded by `lock`).
    private var pending: [UInt8]?
    /// Where a failed write is reported.
    private let note: @Sendable (String) -> Void

    /// - Parameters:
    ///   - settings: as loaded at start-up.
    ///   - store: where changes are saved; nil keeps them in memory.
    public init(settings: AppSettings = AppSettings(), store: SettingsStore? = nil,
                note: @escaping @Sendable (String) -> Void = SettingsStore.printToStandardError) {
        self.settings = settings
        self.store = store
        self.note = note
    }

    /// A keeper with the settings read from `store` (the defaults when missing; the defaults and a note on stderr
    /// when unreadable or corrupt). Reads the file: call it before the window opens or off the UI thread.
    public static func load(from store: SettingsStore = .forCurrentUser(),
                            note: @escaping @Sendable (String) -> Void = SettingsStore.printToStandardError) -> SettingsKeeper {
        SettingsKeeper(settings: store.load(note: note), store: store, note: note)
    }

    /// Changes the settings (UI thread) and, when they changed and there is a store, saves them in the background.
    public func update(_ change: (inout AppSettings) -> Void) {
        var next = settings
        change(&next)
        guard next != settings else { return }
        settings = next
        guard let store else { return }
        let bytes = SettingsStore.encode(next)
        let queued = lock.withLock { () -> Bool in
            let wasQueued = pending != nil
            pending = bytes
            return wasQueued
        }
        if queued { return }   // the write already queued takes the newest bytes
        Self.writes.async { [self] in
            guard let bytes = lock.withLock({ () -> [UInt8]? in defer { pending = nil }; return pending }) else { return }
            do { try store.write(bytes) } catch { note("photostack: cannot save the settings to \(store.path): \(error)") }
        }
    }

    /// Waits until every write queued so far (by any keeper) is done: before the process exits, and in tests.
    public static func waitForWrites() { writes.sync {} }
}
