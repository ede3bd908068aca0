import PhotoStackCLI

/// glibc's mallopt(3) (malloc.h is not part of the Glibc module).
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
/// M_MMAP_THRESHOLD from malloc.h.
let mmapThreshold: Int32 = -3

// Large buffers (decoded images, cairo surfaces) come from mmap and go back to the system when freed: a
// fixed threshold stops glibc from raising it after the first free, which let freed images pile up in the heap.
_ = mallopt(mmapThreshold, 128 * 1024)
PhotoStackCommand.main()
