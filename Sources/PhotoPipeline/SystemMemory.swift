import CSystem

/// The process's memory as the system sees it.
public enum SystemMemory {
    /// Returns the allocator's free pages to the system (glibc `malloc_trim`), so the resident size afterwards
    /// is what the process holds. True when some memory was released.
    @discardableResult
    public static func returnFreeHeap() -> Bool { ps_return_free_heap() == 1 }
}
