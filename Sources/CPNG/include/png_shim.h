#ifndef PHOTOSTACK_PNG_SHIM_H
#define PHOTOSTACK_PNG_SHIM_H
/*
 * PhotoStack's libpng shim. Each function owns its setjmp: libpng errors longjmp back to the shim
 * frame only (never through Swift); failures return a code and a message.
 */
#include <stddef.h>
#include <stdint.h>

#include "ps_colour.h"

enum {
    PS_PNG_OK = 0,
    PS_PNG_ERR_OPEN = 1,    /* cannot open / create the file */
    PS_PNG_ERR_FORMAT = 2,  /* not a PNG, or libpng reported an error (message filled in) */
    PS_PNG_ERR_TOO_LARGE = 3,
    PS_PNG_ERR_NOMEM = 4,
    PS_PNG_ERR_ARGUMENT = 5,
    PS_PNG_ERR_UNSUPPORTED = 6, /* ps_png_read_stored_fd: a layout it does not read (use ps_png_read_fd) */
    PS_PNG_ERR_BUSY = 7         /* the shared decode memory budget stayed in use for budget_wait_ms */
};

#define PS_PNG_MESSAGE_LENGTH 256

typedef struct {
    int32_t width, height;  /* pixels (of the returned pixels; the file's size is in image_width/height) */
    int32_t stride;         /* bytes per row (width * 4) */
    int32_t image_width, image_height; /* as stored in the file, pixels */
    /* Premultiplied ARGB32, native-endian uint32 0xAARRGGBB. NULL when header_only. Free with ps_png_free. */
    uint8_t *pixels;
    /* 1 when `pixels` was mapped with ps_pixels_map_populated: free it with ps_png_unmap_pixels, not ps_png_free. */
    int32_t pixels_mapped;
    /* 1 when the data ended or broke after some rows were decoded: the rows that could not be read are grey.
       Not a complete image: do not cache it as one. */
    int32_t truncated;
    /* Budget bytes still reserved for the returned pixels: release with ps_budget_release when done. */
    int64_t reserved_bytes;
    /* Text chunks (tEXt, zTXt, iTXt) as "key\0value\0" repeated text_count times. Free with ps_png_free. */
    char *texts;
    size_t texts_length;    /* bytes in texts */
    int32_t text_count;
    /* Colour description (read before the image data, also with header_only): the iCCP profile inflated
       (malloc'ed; free with ps_png_free whatever the return code), sRGB present, gAMA (file gamma, 0 = none),
       cHRM (white, red, green, blue x,y), cICP primaries and transfer (0 = none). */
    uint8_t *icc;
    uint32_t icc_length;
    int32_t srgb;
    double gamma;
    double chromaticities[8];
    int32_t has_chromaticities;
    int32_t cicp_primaries, cicp_transfer;
    /* 1 when the pixels were converted to options->colour_to (16-bit images). */
    int32_t colour_converted;
    char message[PS_PNG_MESSAGE_LENGTH];
} ps_png_result;

/* Limits and options of a read. */
typedef struct {
    /* Refuse images of more pixels than this (0 = no pixel limit; the sides are still limited). */
    int64_t max_pixels;
    /* Largest width and height accepted (libpng user limits; 0 = libpng's default of 1,000,000). */
    int32_t max_side;
    /* 1: read the size and the text chunks before the image data only. */
    int32_t header_only;
    /* 1: collect text chunks (thumbnail keys); 0: skip them. */
    int32_t want_texts;
    /* > 0: return the image box-downscaled to this longest side (same rule and pixels as ps_downscale_box); a
       non-interlaced PNG is then read row by row into the downscaled output, never held at full size. */
    int32_t downscale_longest_side;
    /* How long to wait for the shared decode memory budget (ps_budget.h), milliseconds. */
    int32_t budget_wait_ms;
    /* Both set: a 16-bit, non-interlaced image is converted from `colour_from` to `colour_to` row by row from its
       16-bit samples, before they are reduced to 8 bits (result->colour_converted = 1). */
    const ps_colour_profile *colour_from;
    const ps_colour_profile *colour_to;
} ps_png_options;

/* Defaults: 100 MP, libpng's side limit, texts collected, no downscale, 30 s budget wait. */
void ps_png_default_options(ps_png_options *options);

/* Reads a PNG streamed from an open file descriptor (pread from offset 0, at most max_bytes bytes: pass the
   file's size). Strict: libpng's benign errors are errors, no chunk may claim more than the file holds (nor
   more than 8 MB), the sides are limited, and the pixels are reserved in the decode memory budget first.
   The descriptor is not closed. */
int ps_png_read_fd(int fd, int64_t max_bytes, const ps_png_options *options, ps_png_result *result);

/* Reads a PNG from memory (same rules). */
int ps_png_read_memory(const uint8_t *data, size_t length, const ps_png_options *options, ps_png_result *result);

/* Writes premultiplied ARGB32 pixels (stride in bytes) as an 8-bit PNG (un-premultiplied; RGB when every
   pixel is opaque, else RGBA) with text_count tEXt chunks keys[i] = values[i] (Latin-1/ASCII keys) to the
   open file descriptor `fd` (not closed; the caller creates it, e.g. O_CREAT|O_EXCL|O_NOFOLLOW, 0600).
   compression_level 0 (what thumbnails use): zlib stored blocks and no row filter, the layout
   ps_png_read_stored_fd reads; 1-9: zlib deflate with libpng's adaptive filters (as other programs write).
   message: PS_PNG_MESSAGE_LENGTH bytes. */
int ps_png_write_fd(int fd, const uint8_t *argb_pixels, int32_t width, int32_t height,
                    int32_t stride, const char *const *keys, const char *const *values,
                    int32_t text_count, int32_t compression_level, char *message);

/* Fast path for the thumbnails ps_png_write_fd writes at level 0: 8-bit RGB/RGBA, not interlaced, every
   row filter None, the zlib stream made of stored blocks only, text in tEXt chunks. The file (at most
   max_bytes, from the open descriptor `fd`, which is not closed) is read with one pread() and the rows
   converted straight into the premultiplied ARGB32 result (same layout as ps_png_read_fd). Integrity: the CRC of every chunk except IDAT, the zlib header, every stored block's
   LEN/NLEN, the exact data length and the stream's Adler-32 (which covers every pixel byte) are checked; the
   IDAT CRCs are not (they are what makes libpng slower). Returns PS_PNG_ERR_UNSUPPORTED for any other PNG
   layout (compressed, filtered, palette, 16-bit, interlaced, zTXt/iTXt, unknown critical chunks) or damaged
   structure, PS_PNG_ERR_FORMAT for an Adler-32 mismatch; callers fall back to ps_png_read_fd on any error.
   Sides over max_side (0: no side limit) or more pixels than max_pixels are refused (PS_PNG_ERR_TOO_LARGE). */
int ps_png_read_stored_fd(int fd, int64_t max_bytes, int64_t max_pixels, int32_t max_side, int32_t budget_wait_ms,
                          ps_png_result *result);

/* Adler-32 (RFC 1950) of `length` bytes continuing from `adler` (start with 1); SSE2 where available. */
uint32_t ps_adler32(uint32_t adler, const uint8_t *data, size_t length);

void ps_png_free(void *pointer);

/* Frees pixels whose result had pixels_mapped = 1 (the last 2 freed are kept for reuse); `bytes` = stride * height. */
void ps_png_unmap_pixels(void *pointer, size_t bytes);

#endif
