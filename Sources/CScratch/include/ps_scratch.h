#ifndef PS_SCRATCH_H
#define PS_SCRATCH_H

#include <stddef.h>
#include <stdint.h>

/* Per-thread scratch buffers for the decoder shims: a decode or read of about the same size on the same worker
 * thread reuses the buffer of the last one instead of mapping fresh pages (hundreds of page faults per
 * thumbnail with the process's 128 KB mmap threshold). One buffer per slot and thread, freed when the thread
 * ends. */
typedef enum { PS_SCRATCH_JPEG_DECODE = 0, PS_SCRATCH_PNG_FILE = 1, PS_SCRATCH_SLOTS = 2 } ps_scratch_slot;

/* A buffer of at least `size` bytes: the thread's buffer for `slot` (`*owned` = 0: do not free it; valid
 * until the next call for the same slot on this thread) or, for sizes over `keep` bytes or when memory is
 * short, a new malloc'd one (`*owned` = 1: the caller frees it). NULL when even that fails. */
uint8_t *ps_scratch_get(ps_scratch_slot slot, size_t size, size_t keep, int *owned);

/* Frees the buffers the calling thread keeps: a worker about to wait for work holds no scratch while idle (up to
   12 MB per decode thread otherwise, kept for the process's life). Buffers it handed out before are invalid. */
void ps_scratch_release_thread(void);

/* Bytes of buffers the calling thread keeps now (for tests and diagnostics). */
size_t ps_scratch_kept_bytes(void);
/* Bytes of buffers kept by all threads together now. */
size_t ps_scratch_kept_bytes_all_threads(void);

#endif
