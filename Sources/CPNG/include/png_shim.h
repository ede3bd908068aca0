#ifndef PHOTOSTACK_PNG_SHIM_H
#define PHOTOSTACK_PNG_SHIM_H
/*
 * PhotoStack's libpng shim. Each function owns its setjmp: libpng errors longjmp back to the shim
 * frame only (never through Swift); failures return a code and a message.
 */
#include <stddef.h>
#include <stdint.h>

enum {
    PS_PNG_OK = 0,
    PS_PNG_ERR_OPEN = 1,    /* cannot open / create the file */
    PS_PNG_ERR_FORMAT = 2,  /* not a PNG, or libpng reported an error (message filled in) */
    PS_PNG_ERR_TOO_LARGE = 3,
    PS_PNG_ERR_NOMEM = 4,
    PS_PNG_ERR_ARGUMENT = 5,
    PS_PNG_ERR_UNSUPPORTED = 6  /* ps_png_read_stored_file: a layout it does not read (use ps_png_read_file) */
};

#define PS_PNG_MESSAGE_LENGTH 256

typedef struct {
    int32_t width, height;  /* pixels */
    int32_t stride;         /* bytes per row (width * 4) */
    /* Premultiplied ARGB32, native-endian uint32 0xAARRGGBB. NULL when header_only. Free with ps_png_free. */
    uint8_t *pixels;
    /* 1 when `pixels` was mapped with ps_pixels_map_populated: free it with ps_png_unmap_pixels, not ps_png_free. */
    int32_t pixels_mapped;
    /* Text chunks (tEXt, zTXt, iTXt) as "key\0value\0" repeated text_count times. Free with ps_png_free. */
    char *texts;
    size_t texts_length;    /* bytes in texts */
    int32_t text_count;
    char message[PS_PNG_MESSAGE_LENGTH];
} ps_png_result;

/* Reads a PNG file (path as raw bytes). max_pixels: refuse larger images (0 = no limit).
   header_only: read the size and the text chunks before the image data only. */
int ps_png_read_file(const char *path, int64_t max_pixels, int32_t header_only, ps_png_result *result);

/* Reads a PNG from memory. */
int ps_png_read_memory(const uint8_t *data, size_t length, int64_t max_pixels, ps_png_result *result);

/* Writes premultiplied ARGB32 pixels (stride in bytes) as an 8-bit PNG (un-premultiplied; RGB when every
   pixel is opaque, else RGBA) with text_count tEXt chunks keys[i] = values[i] (Latin-1/ASCII keys).
   compression_level 0 (what thumbnails use): zlib stored blocks and no row filter, the layout
   ps_png_read_stored_file reads; 1-9: zlib deflate with libpng's adaptive filters (as other programs write).
   message: PS_PNG_MESSAGE_LENGTH bytes. */
int ps_png_write_file(const char *path, const uint8_t *argb_pixels, int32_t width, int32_t height,
                      int32_t stride, const char *const *keys, const char *const *values,
                      int32_t text_count, int32_t compression_level, char *message);

/* Fast path for the thumbnails ps_png_write_file writes at level 0: 8-bit RGB/RGBA, not interlaced, every
   row filter None, the zlib stream made of stored blocks only, text in tEXt chunks. The file is read with one
   read() and the rows converted straight into the premultiplied ARGB32 result (same layout as
   ps_png_read_file). Integrity: the CRC of every chunk except IDAT, the zlib header, every stored block's
   LEN/NLEN, the exact data length and the stream's Adler-32 (which covers every pixel byte) are checked; the
   IDAT CRCs are not (they are what makes libpng slower). Returns PS_PNG_ERR_UNSUPPORTED for any other PNG
   layout (compressed, filtered, palette, 16-bit, interlaced, zTXt/iTXt, unknown critical chunks) or damaged
   structure, PS_PNG_ERR_FORMAT for an Adler-32 mismatch; callers fall back to ps_png_read_file on any error. */
int ps_png_read_stored_file(const char *path, int64_t max_pixels, ps_png_result *result);

/* Adler-32 (RFC 1950) of `length` bytes continuing from `adler` (start with 1); SSE2 where available. */
uint32_t ps_adler32(uint32_t adler, const uint8_t *data, size_t length);

void ps_png_free(void *pointer);

/* Frees pixels whose result had pixels_mapped = 1 (the last 2 freed are kept for reuse); `bytes` = stride * height. */
void ps_png_unmap_pixels(void *pointer, size_t bytes);

#endif
