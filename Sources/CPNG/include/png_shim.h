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
    PS_PNG_ERR_ARGUMENT = 5
};

#define PS_PNG_MESSAGE_LENGTH 256

typedef struct {
    int32_t width, height;  /* pixels */
    int32_t stride;         /* bytes per row (width * 4) */
    /* Premultiplied ARGB32, native-endian uint32 0xAARRGGBB. NULL when header_only. Free with ps_png_free. */
    uint8_t *pixels;
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

/* Writes premultiplied ARGB32 pixels (stride in bytes) as an 8-bit RGBA PNG (un-premultiplied) with
   text_count tEXt chunks keys[i] = values[i] (Latin-1/ASCII keys). message: PS_PNG_MESSAGE_LENGTH bytes. */
int ps_png_write_file(const char *path, const uint8_t *argb_pixels, int32_t width, int32_t height,
                      int32_t stride, const char *const *keys, const char *const *values,
                      int32_t text_count, char *message);

void ps_png_free(void *pointer);

#endif
