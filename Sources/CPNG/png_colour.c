/* PhotoStack libpng shim, the colour chunks: see png_internal.h. */
#include "png_shim.h"
#include "png_internal.h"
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The inflated profile of an iCCP chunk (keyword, NUL, compression method 0, zlib data), at most 16 MB. */
static void keep_iccp(const png_byte *data, size_t length, ps_png_result *result) {
    size_t keyword = 0;
    while (keyword < length && keyword < 80 && data[keyword]) keyword++;
    if (keyword == 0 || keyword >= 80 || keyword + 2 >= length || data[keyword + 1] != 0) return;
    z_stream z;
    memset(&z, 0, sizeof(z));
    if (inflateInit(&z) != Z_OK) return;
    z.next_in = (Bytef *)(data + keyword + 2);
    z.avail_in = (uInt)(length - keyword - 2);
    size_t capacity = 4096, limit = 16u << 20;
    uint8_t *out = (uint8_t *)malloc(capacity);
    int status = Z_OK;
    while (out) {
        z.next_out = out + z.total_out;
        z.avail_out = (uInt)(capacity - z.total_out);
        status = inflate(&z, Z_NO_FLUSH);
        if (status == Z_STREAM_END || (status != Z_OK && status != Z_BUF_ERROR)) break;
        if (z.avail_out > 0 && z.avail_in == 0) { status = Z_DATA_ERROR; break; } /* the data ended early */
        if (capacity >= limit) { status = Z_MEM_ERROR; break; }
        uint8_t *bigger = (uint8_t *)realloc(out, capacity * 2);
        if (!bigger) { status = Z_MEM_ERROR; break; }
        out = bigger;
        capacity *= 2;
    }
    size_t produced = z.total_out;
    inflateEnd(&z);
    if (!out || status != Z_STREAM_END || produced == 0) { free(out); return; }
    free(result->icc);
    result->icc = out;
    result->icc_length = (uint32_t)produced;
}

static uint32_t be32(const png_byte *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/* The colour chunks, kept as unknown chunks (strict_settings) so that a profile libpng would refuse costs its
   colours, not the photo: iCCP, sRGB, gAMA, cHRM and cICP. */
void ps_png_collect_colour(png_structp png, png_infop info, ps_png_result *result) {
    png_unknown_chunkp chunks = NULL;
    int count = png_get_unknown_chunks(png, info, &chunks);
    for (int i = 0; i < count; i++) {
        const char *name = (const char *)chunks[i].name;
        const png_byte *data = chunks[i].data;
        size_t size = chunks[i].size;
        if (!memcmp(name, "iCCP", 4) && !result->icc) keep_iccp(data, size, result);
        else if (!memcmp(name, "sRGB", 4) && size == 1) result->srgb = 1;
        else if (!memcmp(name, "gAMA", 4) && size == 4) result->gamma = be32(data) / 100000.0;
        else if (!memcmp(name, "cHRM", 4) && size == 32) {
            for (int k = 0; k < 8; k++) result->chromaticities[k] = be32(data + 4 * k) / 100000.0;
            result->has_chromaticities = 1;
        } else if (!memcmp(name, "cICP", 4) && size == 4) {
            result->cicp_primaries = data[0];
            result->cicp_transfer = data[1];
        }
    }
}

