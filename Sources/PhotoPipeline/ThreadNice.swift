import CSystem

/// The nice values of the app's background threads (Linux gives each thread its own): the UI thread stays at
/// 0, and the threads that make what it shows run nicer, so on a machine with few cores the frames keep their
/// interval while photos are decoded (measured on 2 cores, debug build, cold cache, opening a 2,000-photo
/// album: frames came 50–130 ms apart at equal priority, 16–25 ms apart with these).
public enum ThreadNice {
    /// Card builders: what is on screen now waits for them, so only a little nicer.
    public static let cardBuilder: Int32 = 5
    /// Image decoding and the library scan.
    public static let loader: Int32 = 10

    /// Sets the calling thread's nice value (errors ignored: the thread then runs at normal priority).
    public static func apply(_ nice: Int32) {
        _ = ps_set_thread_nice(nice)
    }
}
