import PhotoPipeline

/// Memory asked back (`AppMessage.releaseMemory`, sent on SIGUSR1 by `Launcher.listenForMemoryRequests`): the
/// screen's caches have dropped what is not on screen; the allocator then returns its free pages to the system,
/// so the process's resident size shows what the app really holds (the soak test's leak check compares it).
extension App {
    /// Returns the free heap, notes what is still in use and writes the state (nothing else may change to write it).
    func returnFreeHeap() {
        SystemMemory.returnFreeHeap()
        memoryAfterRelease = MemoryState(releases: (memoryAfterRelease?.releases ?? 0) + 1,
                                         heapInUseBytes: SystemMemory.heapInUseBytes)
        writeState()
    }
}
