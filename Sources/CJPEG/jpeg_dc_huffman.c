/* Huffman tables and the bit reader of the 1/8-scale decoder (see include/jpeg_dc_decoder.h). */
#include "jpeg_dc_internal.h"

#include <string.h>

/* The symbol whose code is the first `length` bits (at most 16) of `code16`, or -1 (no code that long). */
static int canonical_lookup(const dc_table *t, uint32_t code16, int max_length, int *length) {
    for (int l = 1; l <= max_length; l++) {
        int32_t code = (int32_t)(code16 >> (16 - l));
        if (code <= t->maxcode[l]) {
            *length = l;
            return t->values[(t->offset[l] + code) & 0xFF];
        }
    }
    return -1;
}

int dc_build_table(dc_table *t, const ps_dc_huffman *spec, int ac) {
    memset(t, 0, sizeof(*t));
    int total = 0;
    for (int l = 1; l <= 16; l++) total += spec->counts[l];
    if (!spec->present || total > 256) return -1;
    memcpy(t->values, spec->values, 256);
    /* Canonical codes, as libjpeg's jpeg_make_d_derived_tbl checks them. */
    int32_t code = 0;
    int index = 0;
    for (int l = 1; l <= 16; l++) {
        int n = spec->counts[l];
        if (n) {
            t->offset[l] = index - code;
            for (int i = 0; i < n; i++) {
                if (code >= (1 << l)) return -1;
                if (l <= DC_FAST_BITS) {
                    int shift = DC_FAST_BITS - l;
                    for (int fill = 0; fill < (1 << shift); fill++)
                        t->fast[(code << shift) | fill] = (uint16_t)((l << 8) | spec->values[index]);
                }
                code++;
                index++;
            }
            t->maxcode[l] = code - 1;
        } else {
            t->maxcode[l] = -1;
        }
        if (code >= (1 << l)) return -1;
        code <<= 1;
    }
    t->maxcode[17] = 0x7FFFFFFF;
    if (!ac) {
        for (int i = 0; i < total; i++)
            if (spec->values[i] > 15) return -1;
        return 0;
    }
    /* The skip lookup (see dc_table.skip). */
    for (uint32_t bits = 0; bits < (1u << DC_SKIP_BITS); bits++) {
        int used = 0, advance = 0, end = 0;
        while (used < DC_SKIP_BITS) {
            int length = 0;
            uint32_t code16 = (bits << (16 - DC_SKIP_BITS + used)) & 0xFFFF;
            int symbol = canonical_lookup(t, code16, DC_SKIP_BITS - used, &length);
            if (symbol < 0) break;
            int run = symbol >> 4, size = symbol & 15;
            /* After the first symbol, only symbols that end within the looked-up bits. */
            if (used > 0 && used + length + size > DC_SKIP_BITS) break;
            used += length + size;
            if (size == 0 && run != 15) { end = 1; break; } /* EOB (and libjpeg's other size-0 symbols) */
            advance += size ? run + 1 : 16;
            if (advance >= 64) break; /* the block is full: no symbol after this one belongs to it */
        }
        if (used == 0) continue;
        int limit = (end ? 64 : 65) - advance; /* usable while k + advance < 64 (end) or <= 64 */
        if (limit < 0) limit = 0;
        t->skip[bits] = (uint32_t)used | ((uint32_t)(end ? 64 : advance) << 5) | ((uint32_t)limit << 12);
    }
    return 0;
}

int dc_decode_long(const dc_table *t, uint64_t bits, int *length) {
    return canonical_lookup(t, (uint32_t)(bits >> 48), 16, length);
}

/* The next byte of the input, or -1 at its end. */
static int next_byte(dc_reader *r) {
    while (r->next >= r->end) {
        const uint8_t *bytes = NULL;
        size_t length = 0;
        if (!r->fill || r->fill(r->context, &bytes, &length) != 0 || !bytes || length == 0) {
            r->fill = NULL;
            return -1;
        }
        r->next = bytes;
        r->end = bytes + length;
    }
    return *r->next++;
}

void dc_refill_slow(dc_reader *r) {
    while (r->count <= 56) {
        int c = r->marker ? -2 : next_byte(r);
        if (c == 0xFF) {
            /* 0xFF 0x00 is a data byte 0xFF; 0xFF followed by fill 0xFFs then a code is a marker. */
            do { c = next_byte(r); } while (c == 0xFF);
            if (c > 0) { r->marker = c; c = -2; }
            else if (c == 0) c = 0xFF;
        }
        if (c == -1) { r->marker = 0x100; c = -2; }
        if (c == -2) {
            r->padded += 8; /* zero bits: the bits below count are already zero */
        } else {
            r->bits |= (uint64_t)c << (56 - r->count);
        }
        r->count += 8;
    }
}
