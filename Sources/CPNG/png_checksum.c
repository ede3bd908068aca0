/* Checksums of the PNG stored reader (png_stored_reader.c): zlib's Adler-32 of the IDAT stream and the chunks'
 * CRC-32. */
#include "png_shim.h"
#include "png_internal.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define ADLER_BASE 65521u
/* Bytes per reduction: s2 stays under 2^32 (zlib's NMAX is 5552), rounded down to whole 32-byte chunks. */
#define ADLER_BLOCK 5536

uint32_t ps_adler32(uint32_t adler, const uint8_t *data, size_t length) {
    uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
    while (length > 0) {
        size_t block = length < ADLER_BLOCK ? length : ADLER_BLOCK;
        length -= block;
#if defined(__SSE2__)
        size_t chunks = block / 32;
        if (chunks > 0) {
            /* Per 32-byte chunk c of the block: s1 += S_c; s2 gets 32 * (sum of the S of earlier chunks in this
             * block) + sum_j (32 - j) * b_j + (block bytes) * s1 at the block start. */
            const __m128i zero = _mm_setzero_si128();
            const __m128i w1 = _mm_setr_epi16(32, 31, 30, 29, 28, 27, 26, 25);
            const __m128i w2 = _mm_setr_epi16(24, 23, 22, 21, 20, 19, 18, 17);
            const __m128i w3 = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
            const __m128i w4 = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
            __m128i vs1 = zero, vs1_earlier = zero, vs2 = zero;
            s2 += s1 * (uint32_t)(chunks * 32) % ADLER_BASE;
            for (size_t c = 0; c < chunks; c++) {
                __m128i a = _mm_loadu_si128((const __m128i *)data);
                __m128i b = _mm_loadu_si128((const __m128i *)(data + 16));
                vs1_earlier = _mm_add_epi32(vs1_earlier, vs1);
                vs1 = _mm_add_epi32(vs1, _mm_add_epi32(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)));
                vs2 = _mm_add_epi32(vs2, _mm_madd_epi16(_mm_unpacklo_epi8(a, zero), w1));
                vs2 = _mm_add_epi32(vs2, _mm_madd_epi16(_mm_unpackhi_epi8(a, zero), w2));
                vs2 = _mm_add_epi32(vs2, _mm_madd_epi16(_mm_unpacklo_epi8(b, zero), w3));
                vs2 = _mm_add_epi32(vs2, _mm_madd_epi16(_mm_unpackhi_epi8(b, zero), w4));
                data += 32;
            }
            uint32_t l1[4], le[4], l2[4];
            _mm_storeu_si128((__m128i *)l1, vs1);
            _mm_storeu_si128((__m128i *)le, vs1_earlier);
            _mm_storeu_si128((__m128i *)l2, vs2);
            uint64_t sum1 = (uint64_t)l1[0] + l1[1] + l1[2] + l1[3];
            uint64_t earlier = (uint64_t)le[0] + le[1] + le[2] + le[3];
            uint64_t sum2 = (uint64_t)l2[0] + l2[1] + l2[2] + l2[3];
            s2 = (uint32_t)(((uint64_t)s2 + 32 * earlier + sum2) % ADLER_BASE);
            s1 = (uint32_t)(((uint64_t)s1 + sum1) % ADLER_BASE);
            block -= chunks * 32;
        }
#endif
        for (size_t i = 0; i < block; i++) { s1 += data[i]; s2 += s1; }
        data += block;
        s1 %= ADLER_BASE;
        s2 %= ADLER_BASE;
    }
    return (s2 << 16) | s1;
}

/* CRC-32 (PNG/zlib polynomial), table-driven: only used on the small non-IDAT chunks. (Not zlib's crc32:
 * CPNG links libpng only.) */
static uint32_t crc_table[256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

static void crc_init(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

uint32_t ps_png_chunk_crc(const uint8_t *data, size_t length) {
    pthread_once(&crc_once, crc_init);
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < length; i++) c = crc_table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}
