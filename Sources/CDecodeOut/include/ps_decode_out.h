#ifndef PHOTOSTACK_DECODE_OUT_H
#define PHOTOSTACK_DECODE_OUT_H
/*
 * What the WebP, HEIF, GIF, TIFF and RAW shims share: one options struct (pixel budget, target size), one
 * result struct (premultiplied ARGB32 pixels like the JPEG and PNG shims), one set of return codes, and the
 * overflow-checked size arithmetic and pixel conversion every shim needs. No library calls here.
 */
#include <stddef.h>
#include <stdint.h>

/* Return codes of every ps_*_decode function. */
enum {
    PS_DECODE_OK = 0,
    PS_DECODE_ERR_EMPTY = 1,       /* zero-length input */
    PS_DECODE_ERR_CORRUPT = 2,     /* the library rejected the data (message filled in) */
    PS_DECODE_ERR_TOO_LARGE = 3,   /* over the pixel budget: refused before any pixel buffer was allocated */
    PS_DECODE_ERR_NOMEM = 4,       /* a buffer could not be allocated */
    PS_DECODE_ERR_UNSUPPORTED = 5, /* valid, but nothing this build can show (no codec, no preview, ...) */
    PS_DECODE_ERR_ARGUMENT = 6,    /* bad arguments */
    PS_DECODE_ERR_BUSY = 7         /* the memory gate kept the decode waiting too long (try again later) */
};

#define PS_DECODE_MESSAGE_LENGTH 256

/* Input to a decode. */
typedef struct {
    /* Pixel budget: images whose source (stored) size is over this many pixels are refused with
       PS_DECODE_ERR_TOO_LARGE before anything is allocated for them. 0 = no budget. */
    int64_t max_source_pixels;
    /* Bytes one library allocation may take (libtiff's TIFFOpenOptionsSetMaxSingleMemAlloc). 0 = library default. */
    int64_t max_single_allocation;
    /* > 0: the output is box-downscaled to this longest side (other side rounded, at least 1 px; see
       ps_decode_output_size) when the image is larger; 0 = full size. */
    int32_t target_longest_side;
    /* 1 = only the sizes (and orientation) are read; no pixels. */
    int32_t header_only;
} ps_decode_options;

/* Output of a decode. */
typedef struct {
    int32_t image_width, image_height; /* source size in pixels, as stored (before orientation) */
    int32_t width, height;             /* output size in pixels */
    int32_t stride;                    /* bytes per output row (width * 4) */
    /* EXIF orientation (1-8) still to apply to `pixels` for display; 1 = none. */
    int32_t orientation;
    /* The orientation the file declares (1-8; EXIF numbering, TIFF's Orientation tag, libraw's flip mapped),
       whether or not the library already applied part of it; 1 = none or applied by the format (HEIF irot). */
    int32_t stored_orientation;
    int32_t frame_count;               /* frames in the file when known (animations), else 1 */
    int32_t warnings;                  /* library warnings seen (the image may be partial) */
    int32_t from_thumbnail;            /* 1 when the output was made from an embedded thumbnail or preview */
    /* Premultiplied ARGB32, native-endian uint32 0xAARRGGBB, stride * height bytes. Free with ps_decode_free. */
    uint8_t *pixels;
    /* Encoded bytes handed back instead of pixels (RAW: the embedded JPEG preview). Free with ps_decode_free. */
    uint8_t *encoded;
    size_t encoded_length;
    /* Bytes granted by the memory gate for this decode (also after a failure): give them back with
       ps_decode_release once done with the output and its copies. 0 without a gate. */
    int64_t reserved_bytes;
    /* The colour description the file declares for the decoded image (also with header_only): an ICC profile
       (malloc'ed; free with ps_decode_free whatever the return code), and/or H.273 primaries and transfer
       (0 = none declared). */
    uint8_t *icc;
    uint32_t icc_length;
    int32_t cicp_primaries, cicp_transfer;
    char message[PS_DECODE_MESSAGE_LENGTH]; /* error message, or the first warning */
} ps_decode_result;

/*
 * The memory gate: a process-wide reserve/release pair (e.g. a shared decode memory budget) every shim asks,
 * after reading the header and passing the pixel budget, for the pixel memory it is about to allocate (its
 * full-size buffers and output; for HEIF also libheif's planes). `reserve` returns 0 (granted),
 * PS_DECODE_GATE_TOO_LARGE (more than the gate will ever grant) or PS_DECODE_GATE_BUSY (not granted in time).
 * Set once before decoding starts; NULL functions (the default) use the process-wide decode budget
 * (CScratch's ps_budget.h, shared with the JPEG and PNG shims).
 */
enum { PS_DECODE_GATE_OK = 0, PS_DECODE_GATE_TOO_LARGE = 1, PS_DECODE_GATE_BUSY = 2 };
typedef int (*ps_decode_reserve_fn)(int64_t bytes);
typedef void (*ps_decode_release_fn)(int64_t bytes);
void ps_decode_set_memory_gate(ps_decode_reserve_fn reserve, ps_decode_release_fn release);

/* Asks the gate for `bytes` (adding them to result->reserved_bytes when granted). Returns PS_DECODE_OK,
   PS_DECODE_ERR_TOO_LARGE or PS_DECODE_ERR_BUSY (message filled in). */
int ps_decode_reserve(ps_decode_result *result, int64_t bytes, const char *what);

/* Gives `bytes` back to the gate (result->reserved_bytes after a decode). */
void ps_decode_release(int64_t bytes);

/* The pixel memory of a decode that fills a width x height ARGB32 buffer and then box-downscales it to the
   target (the output buffer counts only when it is a second buffer), bytes; INT64_MAX when it overflows. */
int64_t ps_decode_buffer_bytes(int64_t width, int64_t height, int32_t target_longest_side);

/* How a source row stores its 4 bytes per pixel (ps_decode_convert_rows). */
typedef enum {
    PS_LAYOUT_RGBA = 0,         /* bytes R,G,B,A, straight (unassociated) alpha */
    PS_LAYOUT_RGBA_PREMUL = 1,  /* bytes R,G,B,A, alpha already multiplied in */
    PS_LAYOUT_ARGB32 = 2,       /* native uint32 0xAARRGGBB, premultiplied: already the output layout */
    PS_LAYOUT_ABGR32_PREMUL = 3 /* native uint32 0xAABBGGRR, premultiplied (libtiff's RGBA raster) */
} ps_pixel_layout;

void ps_decode_default_options(ps_decode_options *options);

/* Keeps a copy of `length` bytes of ICC profile as result->icc (replacing one kept before); silently nothing
   when out of memory or over 16 MB. */
void ps_decode_keep_icc(ps_decode_result *result, const uint8_t *data, size_t length);

/* Frees pixels or encoded bytes of a result. */
void ps_decode_free(void *pointer);

/* Sets result->message (printf-style) unless a message is already there. */
void ps_decode_message(ps_decode_result *result, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* 0 when width x height (pixels) is positive, has both sides under 2^30 and is within the budget; else fills
   result->message and returns PS_DECODE_ERR_TOO_LARGE (or PS_DECODE_ERR_CORRUPT for a non-positive size). */
int ps_decode_check_budget(int64_t width, int64_t height, const ps_decode_options *options,
                           ps_decode_result *result);

/* The output size for a source of width x height and a target longest side (0 = unchanged): the longest side
   scaled to the target when larger, the other rounded, at least 1 — PixelImage.downscaled's rule. */
void ps_decode_output_size(int32_t width, int32_t height, int32_t target_longest_side,
                           int32_t *out_width, int32_t *out_height);

/* width * height * 4 bytes, or 0 when that overflows size_t or a side is not positive. */
size_t ps_decode_argb_bytes(int64_t width, int64_t height);

/* Converts rows in place into premultiplied native ARGB32 (4 bytes per pixel, `stride` bytes per row). */
void ps_decode_convert_rows(uint8_t *pixels, int32_t width, int32_t height, size_t stride, ps_pixel_layout layout);

/*
 * Finishes a decode from a full-size buffer the shim owns or may write (`pixels`, width x height, `stride`
 * bytes per row, in `layout`): converts it in place, then fills result->pixels with a new buffer of the output
 * size (box-downscaled to options->target_longest_side when larger) and sets width/height/stride. Returns a
 * PS_DECODE_* code. `pixels` is left converted and still belongs to the caller.
 */
int ps_decode_emit(uint8_t *pixels, int32_t width, int32_t height, size_t stride, ps_pixel_layout layout,
                   const ps_decode_options *options, ps_decode_result *result);

/*
 * Like ps_decode_emit for a buffer that is already premultiplied ARGB32 and was malloc'ed by the shim at
 * width * 4 bytes per row: at full size the buffer itself becomes result->pixels (no copy); when downscaled it
 * is freed. Either way the caller must not use or free it afterwards.
 */
int ps_decode_emit_owned(uint8_t *pixels, int32_t width, int32_t height, const ps_decode_options *options,
                         ps_decode_result *result);

#endif
