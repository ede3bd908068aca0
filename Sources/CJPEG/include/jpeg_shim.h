#ifndef PHOTOSTACK_JPEG_SHIM_H
#define PHOTOSTACK_JPEG_SHIM_H
/*
 * PhotoStack's libjpeg-turbo shim. Every libjpeg call happens inside the functions below, each of
 * which owns its setjmp; libjpeg errors longjmp back to that C frame only (never through Swift) and
 * never call exit(). Results are plain structs with an error code and a human-readable message.
 */
#include <stddef.h>
#include <stdint.h>

#include "pixel_scale.h" /* the thumbnail downscaler, same module */

/* Error codes returned by the shim. */
enum {
    PS_JPEG_OK = 0,
    PS_JPEG_ERR_OPEN = 1,      /* the file could not be opened */
    PS_JPEG_ERR_DECODE = 2,    /* libjpeg reported a fatal error (message filled in) */
    PS_JPEG_ERR_TOO_LARGE = 3, /* over the pixel limit even at 1/8 scale, or over the memory limit */
    PS_JPEG_ERR_NOMEM = 4,     /* output buffer allocation failed */
    PS_JPEG_ERR_EMPTY = 5,     /* zero-length input */
    PS_JPEG_ERR_ARGUMENT = 6,  /* bad arguments */
    PS_JPEG_ERR_BUSY = 7       /* the shared decode memory budget stayed in use for budget_wait_ms */
};

#define PS_JPEG_MESSAGE_LENGTH 256

/* Input to a decode. Sizes in pixels. */
typedef struct {
    /* Longest side the output must still cover, in pixels; 0 = full size (scale 1/1). */
    int32_t target_longest_side;
    /* Images whose header claims more than this many pixels (source) are only decoded scaled down. */
    int64_t max_source_pixels;
    /* Output pixel limit (width*height) applied to images over max_source_pixels; the scale is
       increased up to 1/8 to fit; if 1/8 does not fit the decode is refused (PS_JPEG_ERR_TOO_LARGE). */
    int64_t max_scaled_output_pixels;
    /* libjpeg working memory limit in bytes (progressive coefficient buffers); 0 = unlimited. */
    int64_t max_working_memory;
    /* 1 = read the header only (fills the sizes, no pixels). */
    int32_t header_only;
    /* > 0: when the DCT-scaled output's longest side is larger, decode into a per-thread scratch buffer and
       return it box-downscaled (ps_downscale_box) to this longest side (other side rounded, at least 1):
       no full-size output buffer is allocated (thumbnails). 0 = return the DCT-scaled output. */
    int32_t downscale_longest_side;
    /* Copies of the output the caller will make while it still holds the reservation (e.g. 1 to apply an
       EXIF rotation): counted in the decode memory budget (ps_budget.h) up front. */
    int32_t output_copies;
    /* How long to wait for other decodes to release the shared budget, milliseconds. */
    int32_t budget_wait_ms;
    /* 1 (default): when the scale is 1/8, decode baseline files with the DC-only decoder (jpeg_dc_decoder.h),
       libjpeg for everything it does not take. 0: always libjpeg (tests compare the two). */
    int32_t dc_decoder;
    /* 1: a CMYK or YCCK file with an ICC profile comes back as its C,M,Y,K bytes (4 per pixel, as stored: Adobe-
       inverted when saw_adobe_marker) for a colour-managed conversion (result->cmyk_raw = 1); 0: converted to
       RGB with the naive formula. */
    int32_t keep_cmyk;
} ps_jpeg_options;

/* Output of a decode. */
typedef struct {
    int32_t image_width, image_height;   /* as stored in the file, pixels */
    int32_t width, height;               /* output size, pixels (after DCT scaling and downscale_longest_side) */
    int32_t decoded_width, decoded_height; /* after DCT scaling only, pixels */
    int32_t scale_denom;                 /* 1, 2, 4 or 8 */
    int32_t stride;                      /* bytes per output row (width * 4) */
    int32_t jpeg_color_space;            /* libjpeg J_COLOR_SPACE of the file */
    int32_t num_components;
    int32_t progressive;                 /* 1 if progressive */
    int32_t saw_adobe_marker;
    int32_t adobe_transform;
    int32_t warnings;                    /* number of libjpeg warnings (e.g. truncated data) */
    int32_t rows_decoded;                /* scanlines actually produced */
    /* 1 when the data ended before the image did (truncated file, read error, or the byte limit reached):
       the missing part is libjpeg's padding (grey). Not a complete image: do not cache it as one. */
    int32_t truncated;
    /* Budget bytes still reserved for the output (and output_copies copies) when the decode succeeded with
       pixels: the caller releases them with ps_budget_release once it is done with its copies. */
    int64_t reserved_bytes;
    /* Premultiplied ARGB32 pixels, native-endian uint32 0xAARRGGBB (opaque). Free with ps_jpeg_free. */
    uint8_t *pixels;
    /* 1 when `pixels` is a populated anonymous mapping: free it with ps_jpeg_unmap_pixels, not ps_jpeg_free. */
    int32_t pixels_mapped;
    /* 1 when the DC-only decoder produced the pixels (scale 1/8), 0 when libjpeg did. */
    int32_t dc_decoded;
    /* The embedded ICC profile (APP2 ICC_PROFILE segments joined in order), or NULL. Malloc'ed: free with
       ps_jpeg_free whatever the return code. */
    uint8_t *icc;
    uint32_t icc_length;
    /* 1 when `pixels` holds C,M,Y,K bytes (keep_cmyk), not ARGB32. */
    int32_t cmyk_raw;
    char message[PS_JPEG_MESSAGE_LENGTH]; /* error message, or the first warning */
} ps_jpeg_result;

/* Fills in the default limits: 100 MP source, 16 MP scaled output, 512 MiB working memory. */
void ps_jpeg_default_options(ps_jpeg_options *options);

/* Decodes a JPEG from memory. Returns a PS_JPEG_* code; result->message explains failures. */
int ps_jpeg_decode_memory(const uint8_t *data, size_t length, const ps_jpeg_options *options,
                          ps_jpeg_result *result);

/* Decodes a JPEG streamed from an open file descriptor (read with pread from offset 0, 64 KB at a time, never
   more than `max_bytes` bytes in all: the file is never held whole in memory). The descriptor is not closed. */
int ps_jpeg_decode_fd(int fd, int64_t max_bytes, const ps_jpeg_options *options, ps_jpeg_result *result);

/* Frees a buffer returned by the shim (decode pixels, encode output). */
void ps_jpeg_free(void *pointer);

/* Frees decode pixels whose result had pixels_mapped = 1; `bytes` = stride * height. */
void ps_jpeg_unmap_pixels(void *pointer, size_t bytes);

/* Converts C,M,Y,K bytes in place into opaque ARGB32 with the naive formula (no profile); `inverted`: Adobe's
   storage (255 = no ink). */
void ps_jpeg_cmyk_to_argb(uint8_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t inverted);

/* The denominator (1, 2, 4, 8) the decoder picks for an image and a target longest side (pixels). */
int32_t ps_jpeg_pick_scale(int32_t image_width, int32_t image_height, int32_t target_longest_side);

/* Encoder kinds for ps_jpeg_encode. */
enum {
    PS_JPEG_ENCODE_RGB = 0,        /* pixels: 3 bytes per pixel R,G,B */
    PS_JPEG_ENCODE_GRAY = 1,       /* pixels: 1 byte per pixel */
    PS_JPEG_ENCODE_CMYK = 2,       /* pixels: 4 bytes per pixel, Adobe-inverted C,M,Y,K as stored */
    PS_JPEG_ENCODE_YCCK = 3        /* same input as CMYK, stored as YCCK */
};

/*
 * Encodes pixels to a JPEG in memory (used by tests and the bench generator). app1/app1_length: an
 * optional APP1 payload (e.g. "Exif\0\0" + TIFF) written after the JFIF/Adobe marker. The output
 * buffer is malloc'ed: free with ps_jpeg_free. Returns a PS_JPEG_* code; message on failure.
 */
int ps_jpeg_encode(const uint8_t *pixels, int32_t width, int32_t height, int32_t kind,
                   int32_t quality, int32_t progressive, int32_t subsample_420,
                   const uint8_t *app1, size_t app1_length,
                   uint8_t **output, size_t *output_length, char *message /* PS_JPEG_MESSAGE_LENGTH */);

#endif
