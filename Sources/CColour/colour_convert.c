/* PhotoStack colour shim, conversions and the transform cache: see include/ps_colour.h. */
#include "colour_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void ps_colour_lock(void) { pthread_mutex_lock(&lock); }
void ps_colour_unlock(void) { pthread_mutex_unlock(&lock); }

/* lcms2 formats of what a conversion reads. */
enum { FORMAT_OPAQUE = 0, FORMAT_PREMUL = 1 };

typedef struct {
    uint64_t from, to;
    uint32_t in_format, out_format;
    cmsHTRANSFORM transform; /* NULL: a free slot */
    int users;               /* conversions running with it (not evicted while > 0) */
    uint64_t last_use;
} cache_entry;

enum { CACHE_SIZE = 24, EQUIVALENCE_SIZE = 64 };
static cache_entry cache[CACHE_SIZE];
static uint64_t use_clock;

typedef struct { uint64_t from, to; int equivalent; int valid; } equivalence_entry;
static equivalence_entry equivalences[EQUIVALENCE_SIZE];
static int equivalence_next;

int32_t ps_colour_cached_transforms(void) {
    ps_colour_lock();
    int32_t n = 0;
    for (int i = 0; i < CACHE_SIZE; i++) n += cache[i].transform != NULL;
    ps_colour_unlock();
    return n;
}

/* A transform from the cache (made and cached when missing), marked in use; NULL when lcms2 cannot make it.
   Caller holds the lock. */
static cache_entry *acquire(const ps_colour_profile *from, const ps_colour_profile *to, uint32_t in_format,
                            uint32_t out_format) {
    cache_entry *victim = NULL;
    use_clock++;
    for (int i = 0; i < CACHE_SIZE; i++) {
        cache_entry *e = &cache[i];
        if (e->transform && e->from == from->id && e->to == to->id && e->in_format == in_format &&
            e->out_format == out_format) {
            e->users++;
            e->last_use = use_clock;
            return e;
        }
        if (e->users == 0 && (!victim || !e->transform || (victim->transform && e->last_use < victim->last_use)))
            victim = e;
    }
    cmsHTRANSFORM t = cmsCreateTransformTHR(ps_colour_context(), from->handle, in_format, to->handle, out_format,
                                            INTENT_PERCEPTUAL, 0);
    if (!t) return NULL;
    if (!victim) {
        /* Every slot busy (more threads than slots): an uncached entry the caller frees. */
        cache_entry *own = (cache_entry *)calloc(1, sizeof(*own));
        if (!own) { cmsDeleteTransform(t); return NULL; }
        own->transform = t;
        own->users = -1;
        return own;
    }
    if (victim->transform) cmsDeleteTransform(victim->transform);
    *victim = (cache_entry){from->id, to->id, in_format, out_format, t, 1, use_clock};
    return victim;
}

static void release_entry(cache_entry *e) {
    ps_colour_lock();
    if (e->users < 0) {
        cmsDeleteTransform(e->transform);
        free(e);
    } else {
        e->users--;
    }
    ps_colour_unlock();
}

int ps_colour_profiles_equivalent(const ps_colour_profile *from, const ps_colour_profile *to) {
    if (!from || !to) return 0;
    if (from->id == to->id) return 1;
    if (from->space != PS_COLOUR_SPACE_RGB || to->space != PS_COLOUR_SPACE_RGB) return 0;
    ps_colour_lock();
    for (int i = 0; i < EQUIVALENCE_SIZE; i++) {
        if (equivalences[i].valid && equivalences[i].from == from->id && equivalences[i].to == to->id) {
            int answer = equivalences[i].equivalent;
            ps_colour_unlock();
            return answer;
        }
    }
    cmsHTRANSFORM t = cmsCreateTransformTHR(ps_colour_context(), from->handle, TYPE_RGB_8, to->handle, TYPE_RGB_8,
                                            INTENT_PERCEPTUAL, cmsFLAGS_NOCACHE);
    int equivalent = 0;
    if (t) {
        /* Probe colours: every combination of 9 levels per channel. */
        enum { LEVELS = 9, COUNT = LEVELS * LEVELS * LEVELS };
        uint8_t in[COUNT * 3], out[COUNT * 3];
        int n = 0;
        for (int r = 0; r < LEVELS; r++)
            for (int g = 0; g < LEVELS; g++)
                for (int b = 0; b < LEVELS; b++) {
                    in[n++] = (uint8_t)(r * 255 / (LEVELS - 1));
                    in[n++] = (uint8_t)(g * 255 / (LEVELS - 1));
                    in[n++] = (uint8_t)(b * 255 / (LEVELS - 1));
                }
        cmsDoTransform(t, in, out, COUNT);
        cmsDeleteTransform(t);
        equivalent = 1;
        for (int i = 0; i < COUNT * 3 && equivalent; i++) {
            int d = (int)in[i] - (int)out[i];
            if (d > 1 || d < -1) equivalent = 0;
        }
    }
    equivalences[equivalence_next] = (equivalence_entry){from->id, to->id, equivalent, 1};
    equivalence_next = (equivalence_next + 1) % EQUIVALENCE_SIZE;
    ps_colour_unlock();
    return equivalent;
}

static int all_opaque(const uint8_t *pixels, size_t stride, int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + stride * (size_t)y);
        for (int32_t x = 0; x < width; x++)
            if ((row[x] >> 24) != 0xFF) return 0;
    }
    return 1;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ALPHA_BYTE 0
#define ARGB_OPAQUE TYPE_ARGB_8
#define ARGB_PREMUL TYPE_ARGB_8_PREMUL
#define GRAY_IN_ARGB (COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(3) | SWAPFIRST_SH(1))
#define RGBA16_BE TYPE_RGBA_16
#define GRAYA16_BE (COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(2) | EXTRA_SH(3))
#else
#define ALPHA_BYTE 3
#define ARGB_OPAQUE TYPE_BGRA_8
#define ARGB_PREMUL TYPE_BGRA_8_PREMUL
/* The blue byte of B,G,R,A (grey images have R = G = B). */
#define GRAY_IN_ARGB (COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(3))
#define RGBA16_BE TYPE_RGBA_16_SE
/* The red sample of R,G,B,A 16-bit big-endian (grey rows expanded to RGB). */
#define GRAYA16_BE (COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(2) | EXTRA_SH(3) | ENDIAN16_SH(1))
#endif

int ps_colour_convert(const ps_colour_profile *from, const ps_colour_profile *to, ps_colour_layout layout,
                      const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int32_t width,
                      int32_t height, char *message) {
    if (!from || !to || !src || !dst || width <= 0 || height <= 0) return PS_COLOUR_ERR_ARGUMENT;
    if (to->space != PS_COLOUR_SPACE_RGB) {
        if (message) snprintf(message, PS_COLOUR_MESSAGE_LENGTH, "the display profile is not an RGB profile");
        return PS_COLOUR_ERR_UNSUPPORTED;
    }
    int cmyk = layout == PS_COLOUR_LAYOUT_CMYK || layout == PS_COLOUR_LAYOUT_CMYK_INVERTED;
    if (cmyk != (from->space == PS_COLOUR_SPACE_CMYK)) {
        if (message) snprintf(message, PS_COLOUR_MESSAGE_LENGTH, "the colour profile does not match the pixels (%s)",
                              cmyk ? "CMYK pixels" : "a CMYK profile");
        return PS_COLOUR_ERR_UNSUPPORTED;
    }
    if (layout == PS_COLOUR_LAYOUT_ARGB32 && ps_colour_profiles_equivalent(from, to)) {
        if (dst != src)
            for (int32_t y = 0; y < height; y++) memcpy(dst + dst_stride * y, src + src_stride * y, (size_t)width * 4);
        return PS_COLOUR_OK;
    }
    uint32_t in_format, out_format = ARGB_OPAQUE;
    int gray = from->space == PS_COLOUR_SPACE_GRAY;
    switch (layout) {
    case PS_COLOUR_LAYOUT_ARGB32:
        if (gray) {
            in_format = GRAY_IN_ARGB;
        } else if (all_opaque(src, src_stride, width, height)) {
            in_format = ARGB_OPAQUE;
        } else {
            in_format = out_format = ARGB_PREMUL;
        }
        break;
    case PS_COLOUR_LAYOUT_CMYK: in_format = TYPE_CMYK_8; break;
    case PS_COLOUR_LAYOUT_CMYK_INVERTED: in_format = TYPE_CMYK_8_REV; break;
    case PS_COLOUR_LAYOUT_RGBA16_BE: in_format = gray ? GRAYA16_BE : RGBA16_BE; break;
    default: return PS_COLOUR_ERR_ARGUMENT;
    }
    ps_colour_lock();
    cache_entry *entry = acquire(from, to, in_format, out_format);
    ps_colour_unlock();
    if (!entry) {
        if (message) snprintf(message, PS_COLOUR_MESSAGE_LENGTH, "lcms2 cannot convert between these colour profiles");
        return PS_COLOUR_ERR_UNSUPPORTED;
    }
    /* Extra channels are never converted by lcms2 here (no COPY_ALPHA): in place they keep the source's alpha
       (which is also what premultiplied output is scaled by); the other layouts get their alpha below. */
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *in = src + src_stride * (size_t)y;
        uint8_t *out = dst + dst_stride * (size_t)y;
        cmsDoTransform(entry->transform, in, out, (cmsUInt32Number)width);
        if (cmyk) {
            for (int32_t x = 0; x < width; x++) out[x * 4 + ALPHA_BYTE] = 0xFF;
        } else if (layout == PS_COLOUR_LAYOUT_RGBA16_BE) {
            for (int32_t x = 0; x < width; x++) out[x * 4 + ALPHA_BYTE] = in[x * 8 + 6]; /* the high byte of alpha */
        }
    }
    release_entry(entry);
    return PS_COLOUR_OK;
}
