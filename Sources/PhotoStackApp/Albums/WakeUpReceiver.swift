/// A screen that needs the host woken when background work (image loads, the library scan) has results
/// for the UI thread. The launcher connects it to the event loop's wake-up pipe.
public protocol WakeUpReceiver: AnyObject {
    /// Installs `wake` (thread-safe; called from worker threads).
    func connectWakeUp(_ wake: @escaping @Sendable () -> Void)
}
