/* PhotoStack libwebp shim: see include/ps_webp.h. */
#include "ps_webp.h"

#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define PS_WEBP_MODE MODE_Argb /* premultiplied bytes A,R,G,B = native uint32 0xAARRGGBB */
#else
#define PS_WEBP_MODE MODE_bgrA /* premultiplied bytes B,G,R,A = native uint32 0xAARRGGBB */
#endif

static const char *status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OK: return "ok";
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "suspended";
    case VP8_STATUS_USER_ABORT: return "aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "truncated data";
    }
    return "unknown error";
}

static int status_code(VP8StatusCode status) {
    return status == VP8_STATUS_OUT_OF_MEMORY ? PS_DECODE_ERR_NOMEM : PS_DECODE_ERR_CORRUPT;
}

/* Decodes one WebP bitstream (a still file or an animation frame) into `out` (external memory, `stride` bytes
   per row, `size` bytes from `out`), scaled to scaled_width x scaled_height unless those are 0. */
static int decode_into(const uint8_t *data, size_t length, uint8_t *out, size_t stride, size_t size,
                       int scaled_width, int scaled_height, ps_decode_result *result) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        ps_decode_message(result, "libwebp version mismatch");
        return PS_DECODE_ERR_UNSUPPORTED;
    }
    if (scaled_width > 0 && scaled_height > 0) {
        config.options.use_scaling = 1;
        config.options.scaled_width = scaled_width;
        config.options.scaled_height = scaled_height;
    }
    config.output.colorspace = PS_WEBP_MODE;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = size;
    VP8StatusCode status = WebPDecode(data, length, &config);
    WebPFreeDecBuffer(&config.output); /* nothing to free with external memory; kept for symmetry */
    if (status != VP8_STATUS_OK) {
        ps_decode_message(result, "WebP: %s", status_text(status));
        return status_code(status);
    }
    return PS_DECODE_OK;
}

/* The first frame of an animation on a transparent canvas of the animation's size. */
static int decode_first_frame(const uint8_t *data, size_t length, const ps_decode_options *options,
                              ps_decode_result *result) {
    WebPData input = { data, length };
    WebPDemuxer *demux = WebPDemux(&input);
    if (!demux) {
        ps_decode_message(result, "WebP: invalid or truncated animation");
        return PS_DECODE_ERR_CORRUPT;
    }
    int32_t width = (int32_t)WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    int32_t height = (int32_t)WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    result->image_width = width;
    result->image_height = height;
    result->frame_count = (int32_t)WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    int code = ps_decode_check_budget(width, height, options, result);
    if (code != PS_DECODE_OK || options->header_only) { WebPDemuxDelete(demux); return code; }
    WebPIterator frame;
    if (!WebPDemuxGetFrame(demux, 1, &frame)) {
        WebPDemuxDelete(demux);
        ps_decode_message(result, "WebP: animation without frames");
        return PS_DECODE_ERR_CORRUPT;
    }
    code = ps_decode_reserve(result, ps_decode_buffer_bytes(width, height, options->target_longest_side),
                             "the WebP animation's canvas");
    if (code != PS_DECODE_OK) { WebPDemuxReleaseIterator(&frame); WebPDemuxDelete(demux); return code; }
    size_t bytes = ps_decode_argb_bytes(width, height);
    uint8_t *canvas = bytes ? (uint8_t *)calloc(1, bytes) : NULL;
    if (!canvas) {
        code = PS_DECODE_ERR_NOMEM;
        ps_decode_message(result, "out of memory for a %dx%d canvas", width, height);
    } else if (frame.x_offset < 0 || frame.y_offset < 0 || frame.width <= 0 || frame.height <= 0 ||
               frame.x_offset + frame.width > width || frame.y_offset + frame.height > height) {
        code = PS_DECODE_ERR_CORRUPT;
        ps_decode_message(result, "WebP: first frame outside the canvas");
    } else {
        size_t stride = (size_t)width * 4;
        size_t start = stride * (size_t)frame.y_offset + (size_t)frame.x_offset * 4;
        code = decode_into(frame.fragment.bytes, frame.fragment.size, canvas + start, stride, bytes - start, 0, 0, result);
    }
    WebPDemuxReleaseIterator(&frame);
    WebPDemuxDelete(demux);
    if (code != PS_DECODE_OK) { free(canvas); return code; }
    return ps_decode_emit_owned(canvas, width, height, options, result);
}

/* The ICCP chunk of an extended (VP8X) file, when its flag says there is one. */
static void read_icc(const uint8_t *data, size_t length, ps_decode_result *result) {
    WebPData input = { data, length };
    WebPDemuxer *demux = WebPDemux(&input);
    if (!demux) return;
    if (WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ICCP_FLAG) {
        WebPChunkIterator chunk;
        if (WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
            ps_decode_keep_icc(result, chunk.chunk.bytes, chunk.chunk.size);
            WebPDemuxReleaseChunkIterator(&chunk);
        }
    }
    WebPDemuxDelete(demux);
}

int ps_webp_decode(const uint8_t *data, size_t length, const ps_decode_options *options, ps_decode_result *result) {
    if (!result || !options) return PS_DECODE_ERR_ARGUMENT;
    memset(result, 0, sizeof(*result));
    result->orientation = 1;
    result->frame_count = 1;
    if (!data || length == 0) {
        ps_decode_message(result, "empty file (0 bytes)");
        return PS_DECODE_ERR_EMPTY;
    }
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, length, &features);
    if (status != VP8_STATUS_OK) {
        ps_decode_message(result, "WebP header: %s", status_text(status));
        return status_code(status);
    }
    read_icc(data, length, result);
    if (features.has_animation) return decode_first_frame(data, length, options, result);
    result->image_width = features.width;
    result->image_height = features.height;
    int code = ps_decode_check_budget(features.width, features.height, options, result);
    if (code != PS_DECODE_OK || options->header_only) return code;
    int32_t out_width, out_height;
    ps_decode_output_size(features.width, features.height, options->target_longest_side, &out_width, &out_height);
    size_t bytes = ps_decode_argb_bytes(out_width, out_height);
    code = ps_decode_reserve(result, (int64_t)bytes, "the WebP image");
    if (code != PS_DECODE_OK) return code;
    uint8_t *out = bytes ? (uint8_t *)malloc(bytes) : NULL;
    if (!out) {
        ps_decode_message(result, "out of memory for a %dx%d image", out_width, out_height);
        return PS_DECODE_ERR_NOMEM;
    }
    int scaled = out_width != features.width || out_height != features.height;
    code = decode_into(data, length, out, (size_t)out_width * 4, bytes, scaled ? out_width : 0,
                       scaled ? out_height : 0, result);
    if (code != PS_DECODE_OK) { free(out); return code; }
    result->pixels = out;
    result->width = out_width;
    result->height = out_height;
    result->stride = out_width * 4;
    return PS_DECODE_OK;
}
