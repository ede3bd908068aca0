#ifndef PHOTOSTACK_SYSTEM_H
#define PHOTOSTACK_SYSTEM_H

/// Sets the calling thread's nice value (Linux threads have their own; 0 normal, 19 lowest). Background work
/// (decoding, card building, scanning) runs a little nicer than the UI thread so that on a machine with few
/// cores the frames keep their interval while thumbnails are made. Returns 0, or errno on failure.
int ps_set_thread_nice(int nice);

/// Returns the allocator's free pages to the system (glibc `malloc_trim(0)`), so the resident size shows the
/// memory in use. Returns 1 when memory was released, 0 when none could be.
int ps_return_free_heap(void);

/// Bytes the allocator has handed out and not got back (glibc `mallinfo2`: in use in every arena plus the blocks
/// mapped on their own), so freed memory kept by the allocator does not count.
long long ps_heap_in_use(void);

#endif
