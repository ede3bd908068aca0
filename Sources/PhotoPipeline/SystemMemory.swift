import CSystem

/// The process's memory as the system sees it.
public enum SystemMemory {
    /// Returns the allocator's free pages to the system (glibc `malloc_trim`), so the resident size afterwards
    /// is what the process holds. True when some memory was released.
    @discardableResult
    public static func returnFreeHeap() -> Bool { ps_return_free_heap() == 1 }

    /// Bytes of heap in use (handed out by the allocator and not freed; free memory it keeps does not count).
    public static var heapInUseBytes: Int { Int(ps_heap_in_use()) }
}
