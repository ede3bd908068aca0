/* PhotoStack libjpeg-turbo shim: decoding streamed from a file descriptor (see include/jpeg_shim.h). */
#include "jpeg_shim.h"
#include "jpeg_internal.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

/* A libjpeg source manager reading a file descriptor with pread, BUFFER_BYTES at a time, at most max_bytes in
 * all. At the end of the data (or on a read error, or at the limit) it inserts an EOI marker after a
 * JWRN_JPEG_EOF warning, as libjpeg's own stdio source does: the decode finishes with what it has. Skipped
 * segments (e.g. a large APPn) are skipped by moving the offset, without reading them. */
#define BUFFER_BYTES (64u << 10)

typedef struct {
    struct jpeg_source_mgr pub;
    int fd;
    int64_t offset;     /* file offset of the next read */
    int64_t max_bytes;  /* bytes the source may read in all */
    JOCTET *buffer;
} ps_fd_source;

static void fd_init_source(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean fd_fill_input_buffer(j_decompress_ptr cinfo) {
    ps_fd_source *src = (ps_fd_source *)cinfo->src;
    ssize_t n = 0;
    if (src->offset < src->max_bytes) {
        int64_t left = src->max_bytes - src->offset;
        size_t want = left < (int64_t)BUFFER_BYTES ? (size_t)left : BUFFER_BYTES;
        do { n = pread(src->fd, src->buffer, want, (off_t)src->offset); } while (n < 0 && errno == EINTR);
    }
    if (n <= 0) {
        /* End of data: a warning (counted as truncation) and a fake EOI so the decode ends cleanly. */
        WARNMS(cinfo, JWRN_JPEG_EOF);
        src->buffer[0] = (JOCTET)0xFF;
        src->buffer[1] = (JOCTET)JPEG_EOI;
        n = 2;
    } else {
        src->offset += n;
    }
    src->pub.next_input_byte = src->buffer;
    src->pub.bytes_in_buffer = (size_t)n;
    return TRUE;
}

static void fd_skip_input_data(j_decompress_ptr cinfo, long num_bytes) {
    ps_fd_source *src = (ps_fd_source *)cinfo->src;
    if (num_bytes <= 0) return;
    if ((size_t)num_bytes <= src->pub.bytes_in_buffer) {
        src->pub.next_input_byte += num_bytes;
        src->pub.bytes_in_buffer -= (size_t)num_bytes;
        return;
    }
    src->offset += (int64_t)num_bytes - (int64_t)src->pub.bytes_in_buffer;
    src->pub.bytes_in_buffer = 0;
    src->pub.next_input_byte = src->buffer;
}

static void fd_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

static void fd_rewind(j_decompress_ptr cinfo, void *context) {
    (void)context;
    ps_fd_source *src = (ps_fd_source *)cinfo->src;
    src->offset = 0;
    src->pub.bytes_in_buffer = 0;
    src->pub.next_input_byte = NULL;
}

int ps_jpeg_decode_fd(int fd, int64_t max_bytes, const ps_jpeg_options *options, ps_jpeg_result *result) {
    if (!result || !options || fd < 0 || max_bytes < 0) return PS_JPEG_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    if (max_bytes == 0) {
        snprintf(result->message, PS_JPEG_MESSAGE_LENGTH, "empty file (0 bytes)");
        return PS_JPEG_ERR_EMPTY;
    }
    struct jpeg_decompress_struct cinfo;
    ps_error_mgr err;
    ps_init_error_mgr(&err);
    cinfo.err = &err.base;
    if (setjmp(err.escape)) {
        /* jpeg_create_decompress or the source allocation failed */
        strncpy(result->message, err.message, PS_JPEG_MESSAGE_LENGTH - 1);
        jpeg_destroy_decompress(&cinfo);
        return PS_JPEG_ERR_DECODE;
    }
    jpeg_create_decompress(&cinfo);
    /* Allocated in libjpeg's permanent pool: freed by jpeg_destroy_decompress on every path. */
    ps_fd_source *src = (ps_fd_source *)(*cinfo.mem->alloc_small)((j_common_ptr)&cinfo, JPOOL_PERMANENT, sizeof(ps_fd_source));
    src->buffer = (JOCTET *)(*cinfo.mem->alloc_small)((j_common_ptr)&cinfo, JPOOL_PERMANENT, BUFFER_BYTES);
    src->fd = fd;
    src->offset = 0;
    src->max_bytes = max_bytes;
    src->pub.init_source = fd_init_source;
    src->pub.fill_input_buffer = fd_fill_input_buffer;
    src->pub.skip_input_data = fd_skip_input_data;
    src->pub.resync_to_restart = jpeg_resync_to_restart;
    src->pub.term_source = fd_term_source;
    src->pub.bytes_in_buffer = 0;
    src->pub.next_input_byte = NULL;
    cinfo.src = &src->pub;
    return ps_decode_with_source(&cinfo, &err, options, result, fd_rewind, NULL);
}
