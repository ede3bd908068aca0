#ifndef PHOTOSTACK_JPEG_DC_DECODER_H
#define PHOTOSTACK_JPEG_DC_DECODER_H
/*
 * The 1/8-scale JPEG decoder for thumbnails: one output pixel per 8x8 luma block, computed from the DC
 * coefficients only (the AC symbols are entropy-decoded only to be skipped, several per table lookup).
 * It produces the same picture as libjpeg-turbo asked for scale 1/8 (jpeg_idct_1x1; components whose libjpeg
 * IDCT size at 1/8 is 2x2, i.e. the chroma of 4:2:0, go through the same 2x2 reduced IDCT, so they need the
 * few low AC coefficients of those blocks; replicated upsampling; libjpeg's YCbCr->RGB fixed point).
 *
 * Scope: baseline sequential Huffman, 8-bit samples, one interleaved scan with every component, 1 component
 * (grayscale) or 3 (YCbCr), sampling factors 1 or 2. Anything else is PS_DC_UNSUPPORTED; a stream that is
 * corrupt or ends early is PS_DC_CORRUPT: the caller then decodes the file with libjpeg (jpeg_shim.c).
 * Errors are return codes; every read is bounds-checked (the input is hostile). No global state: thread-safe.
 */
#include <stddef.h>
#include <stdint.h>

enum {
    PS_DC_OK = 0,
    PS_DC_UNSUPPORTED = 1, /* frame parameters outside the scope above (nothing was read from the source) */
    PS_DC_CORRUPT = 2,     /* bad Huffman code, data ended or a marker came before the scan did, bad restart */
    PS_DC_NOMEM = 3
};

/* A Huffman table as stored in a DHT segment. */
typedef struct {
    uint8_t counts[17];  /* counts[l]: codes of length l bits, l = 1...16 (counts[0] unused) */
    uint8_t values[256]; /* the symbols, in code order */
    int32_t present;     /* 0: the table was never defined */
} ps_dc_huffman;

/* What the decoder needs of the frame and scan headers (filled by the caller from its header parser). */
typedef struct {
    int32_t image_width, image_height; /* pixels, from SOF */
    int32_t components;                /* 1 or 3, also the scan's component count, in frame order */
    int32_t h[3], v[3];                /* sampling factors */
    int32_t dc_table[3], ac_table[3];  /* Huffman table numbers 0...3 per component */
    uint16_t quant[3][64];             /* dequantisation table per component, natural (row-major) order */
    ps_dc_huffman dc[4], ac[4];
    int32_t restart_interval;          /* MCUs between RSTn markers, 0 = none */
    int32_t grayscale;                 /* 1: one component, output R = G = B = Y; 0: three YCbCr components */
} ps_dc_frame;

/* The entropy-coded data arrives in chunks. On return 0, *bytes and *length hold the next chunk (length > 0);
 * non-zero = no more data (the decoder then pads with zero bits, as libjpeg does, and fails if it needs them). */
typedef int (*ps_dc_fill_fn)(void *context, const uint8_t **bytes, size_t *length);

/*
 * Decodes the scan that starts at `data` (the first entropy-coded byte after SOS; `length` bytes available,
 * more through `fill`, which may be NULL) into `pixels`: ceil(width/8) x ceil(height/8) native-endian uint32
 * 0xFFRRGGBB, rows `stride` bytes apart. Returns PS_DC_*. On failure the pixels are partly written.
 */
int ps_dc_decode(const ps_dc_frame *frame, const uint8_t *data, size_t length, ps_dc_fill_fn fill,
                 void *context, uint32_t *pixels, size_t stride);

/* Output size (1/8 scale, rounded up as libjpeg does), pixels. */
int32_t ps_dc_output_size(int32_t size);

#endif
