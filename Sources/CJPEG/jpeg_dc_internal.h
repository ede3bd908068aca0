/* Shared by jpeg_dc_decoder.c and jpeg_dc_huffman.c (not part of the module's public header). */
#ifndef PHOTOSTACK_JPEG_DC_INTERNAL_H
#define PHOTOSTACK_JPEG_DC_INTERNAL_H

#include "jpeg_dc_decoder.h"

/* Single-symbol lookup width (bits): codes up to this long are found with one table read. */
#define DC_FAST_BITS 9
/* AC skip lookup width (bits): one read gives every whole (code + extra bits) symbol in the next 12 bits. */
#ifndef DC_SKIP_BITS
#define DC_SKIP_BITS 12
#endif

/* A Huffman table ready for decoding. */
typedef struct {
    /* fast[bits]: (code length << 8) | symbol for codes of at most DC_FAST_BITS bits; 0 = longer code. */
    uint16_t fast[1 << DC_FAST_BITS];
    /* skip[bits] (AC tables): the symbols that start in these bits, skipped at once: the first whole (code and
       extra bits, which may reach past DC_SKIP_BITS) and the following ones that end within them. Bits 0-4: bits
       consumed; bits 5-11: coefficient positions advanced (64 when the entry ends with end-of-block, so the
       block loop stops); bits 12-18: the entry may be used at positions k < this (the block must not end
       inside it). 0: the first code is longer than DC_SKIP_BITS (decode it the slow way). */
    uint32_t skip[1 << DC_SKIP_BITS];
    /* Canonical decoding of longer codes: maxcode[l] = largest code of length l (-1: none), and the index
       into values of the first code of length l minus that code. */
    int32_t maxcode[18];
    int32_t offset[17];
    uint8_t values[256];
} dc_table;

/* Builds `table` from a DHT table; `ac` also builds the skip lookup. Returns 0, or -1 for a table libjpeg
   would refuse (more than 256 symbols, codes that overflow their length, DC symbols over 15). */
int dc_build_table(dc_table *table, const ps_dc_huffman *spec, int ac);

/* The bit reader: `bits` holds `count` bits left-aligned (the bits below them are zero). After a marker (or
   the end of the data) zero bits are appended, counted in `padded`. */
typedef struct {
    uint64_t bits;
    int count;
    int padded;
    int marker;              /* 0, the marker byte that ended the data, or 0x100 at the end of the input */
    const uint8_t *next, *end;
    ps_dc_fill_fn fill;
    void *context;
} dc_reader;

/* Tops the reader up to at least 57 bits (zeros after the end of the data). */
void dc_refill_slow(dc_reader *r);

/* The hot part of the reader, kept by the block decoder in locals (registers): `bits` left-aligned, `count`
   valid. Synced back to the dc_reader around the slow refill. */
typedef struct {
    uint64_t bits;
    int count;
} dc_bits;

/* Tops `b` up to at least 57 bits: 8 bytes at once when none of them is 0xFF, else dc_refill_slow. */
static inline void dc_refill(dc_reader *r, dc_bits *b) {
    if (r->end - r->next >= 8 && !r->marker) {
        const uint8_t *p = r->next;
        uint64_t w = ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
                     ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
                     ((uint64_t)p[6] << 8) | (uint64_t)p[7];
        int bytes = (63 - b->count) >> 3;
        if (bytes > 0) {
            uint64_t top = ~0ULL << (64 - 8 * bytes);
            /* Any 0xFF byte among those taken (a zero byte of ~w; false alarms only send us the slow way). */
            uint64_t ff = ((~w) - 0x0101010101010101ULL) & w & 0x8080808080808080ULL;
            if ((ff & top) == 0) {
                b->bits |= (w & top) >> b->count;
                r->next += bytes;
                b->count += 8 * bytes;
                return;
            }
        }
    }
    r->bits = b->bits;
    r->count = b->count;
    dc_refill_slow(r);
    b->bits = r->bits;
    b->count = r->count;
}

static inline uint32_t dc_peek(const dc_bits *b, int n) { return (uint32_t)(b->bits >> (64 - n)); }

static inline void dc_drop(dc_bits *b, int n) {
    b->bits <<= n;
    b->count -= n;
}

/* The symbol whose code starts `bits` (left-aligned, codes longer than DC_FAST_BITS), its code length in
   *length; -1 for a bad code. */
int dc_decode_long(const dc_table *t, uint64_t bits, int *length);

#endif
