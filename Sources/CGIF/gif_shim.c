/* PhotoStack giflib shim: see include/ps_gif.h. */
#include "ps_gif.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t length, offset;
} ps_gif_source;

/* giflib's InputFunc: copies up to `count` bytes; fewer at the end of the data (giflib then reports a read error). */
static int read_memory(GifFileType *gif, GifByteType *out, int count) {
    ps_gif_source *source = (ps_gif_source *)gif->UserData;
    if (count <= 0) return 0;
    size_t left = source->length - source->offset;
    size_t n = (size_t)count < left ? (size_t)count : left;
    memcpy(out, source->data + source->offset, n);
    source->offset += n;
    return (int)n;
}

static int gif_fail(ps_decode_result *result, int error, const char *what) {
    const char *text = GifErrorString(error);
    ps_decode_message(result, "GIF %s: %s", what, text ? text : "error");
    return error == D_GIF_ERR_NOT_ENOUGH_MEM ? PS_DECODE_ERR_NOMEM : PS_DECODE_ERR_CORRUPT;
}

/* Reads the first image's rows into `canvas` (canvas_width x canvas_height ARGB32, transparent). */
static int read_image(GifFileType *gif, int transparent, uint32_t *canvas, int32_t canvas_width,
                      int32_t canvas_height, ps_decode_result *result) {
    GifImageDesc *desc = &gif->Image;
    ColorMapObject *map = desc->ColorMap ? desc->ColorMap : gif->SColorMap;
    if (!map || !map->Colors || map->ColorCount <= 0) {
        ps_decode_message(result, "GIF image without a colour map");
        return PS_DECODE_ERR_CORRUPT;
    }
    uint32_t palette[256];
    for (int i = 0; i < 256; i++) {
        if (i < map->ColorCount) {
            GifColorType c = map->Colors[i];
            palette[i] = 0xFF000000u | ((uint32_t)c.Red << 16) | ((uint32_t)c.Green << 8) | c.Blue;
        } else {
            palette[i] = 0xFF000000u; /* an index past the map: opaque black */
        }
    }
    if (transparent >= 0 && transparent < 256) palette[transparent] = 0;
    GifPixelType *line = (GifPixelType *)malloc((size_t)desc->Width);
    if (!line) { ps_decode_message(result, "out of memory"); return PS_DECODE_ERR_NOMEM; }
    static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
    int passes = desc->Interlace ? 4 : 1;
    int32_t rows = 0;
    for (int pass = 0; pass < passes; pass++) {
        int start = desc->Interlace ? starts[pass] : 0, step = desc->Interlace ? steps[pass] : 1;
        for (int y = start; y < desc->Height; y += step) {
            if (DGifGetLine(gif, line, desc->Width) == GIF_ERROR) {
                /* giflib reads past the last row to the end of the image data: a file cut right there still has
                   every row. Anything earlier is an error. */
                if (rows + 1 < desc->Height) {
                    free(line);
                    return gif_fail(result, gif->Error, "image data");
                }
                result->warnings++;
                ps_decode_message(result, "GIF image data ends early");
            }
            rows++;
            int32_t cy = desc->Top + y;
            if (cy < 0 || cy >= canvas_height) continue;
            uint32_t *out = canvas + (size_t)cy * (size_t)canvas_width;
            for (int x = 0; x < desc->Width; x++) {
                int32_t cx = desc->Left + x;
                if (cx >= 0 && cx < canvas_width) out[cx] = palette[line[x]];
            }
        }
    }
    free(line);
    return PS_DECODE_OK;
}

int ps_gif_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result) {
    if (!result || !options) return PS_DECODE_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    result->orientation = 1;
    result->stored_orientation = 1;
    if (!data || length == 0) {
        ps_decode_message(result, "empty file (0 bytes)");
        return PS_DECODE_ERR_EMPTY;
    }
    ps_gif_source source = { data, length, 0 };
    int error = 0;
    GifFileType *gif = DGifOpen(&source, read_memory, &error);
    if (!gif) return gif_fail(result, error, "header");
    int code = PS_DECODE_OK, transparent = NO_TRANSPARENT_COLOR;
    uint32_t *canvas = NULL;
    int32_t width = gif->SWidth, height = gif->SHeight;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) { code = gif_fail(result, gif->Error, "record"); break; }
        if (type == TERMINATE_RECORD_TYPE) {
            ps_decode_message(result, "GIF without an image");
            code = PS_DECODE_ERR_CORRUPT;
            break;
        }
        if (type == EXTENSION_RECORD_TYPE) {
            int function = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &function, &block) == GIF_ERROR) { code = gif_fail(result, gif->Error, "extension"); break; }
            if (function == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) {
                GraphicsControlBlock gcb;
                if (DGifExtensionToGCB(block[0], block + 1, &gcb) == GIF_OK) transparent = gcb.TransparentColor;
            }
            while (block) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) { code = gif_fail(result, gif->Error, "extension"); break; }
            }
            if (code != PS_DECODE_OK) break;
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif) == GIF_ERROR) { code = gif_fail(result, gif->Error, "image descriptor"); break; }
        GifImageDesc *desc = &gif->Image;
        /* A logical screen of 0 in a side (seen in the wild): the first frame's extent instead. */
        if (width <= 0 || height <= 0) {
            width = desc->Left + desc->Width;
            height = desc->Top + desc->Height;
        }
        result->image_width = width;
        result->image_height = height;
        code = ps_decode_check_budget(width, height, options, result);
        if (code == PS_DECODE_OK) code = ps_decode_check_budget(desc->Width, desc->Height, options, result);
        if (code != PS_DECODE_OK || options->header_only) break;
        code = ps_decode_reserve(result, ps_decode_buffer_bytes(width, height, options->target_longest_side),
                                 "the GIF canvas");
        if (code != PS_DECODE_OK) break;
        size_t bytes = ps_decode_argb_bytes(width, height);
        canvas = bytes ? (uint32_t *)calloc(1, bytes) : NULL;
        if (!canvas) {
            ps_decode_message(result, "out of memory for a %dx%d canvas", width, height);
            code = PS_DECODE_ERR_NOMEM;
            break;
        }
        code = read_image(gif, transparent, canvas, width, height, result);
        break; /* the first image only */
    }
    DGifCloseFile(gif, &error);
    if (code != PS_DECODE_OK || options->header_only) { free(canvas); return code; }
    return ps_decode_emit_owned((uint8_t *)canvas, width, height, options, result);
}
