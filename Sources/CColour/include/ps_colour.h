#ifndef PHOTOSTACK_COLOUR_H
#define PHOTOSTACK_COLOUR_H
/*
 * PhotoStack's colour management shim over Little CMS 2. Profiles are opaque, immutable and reference counted
 * (safe to share between threads once made); conversions go through a process-wide cache of lcms2 transforms
 * keyed by (source profile, destination profile, pixel layout). No call longjmps or exits: every failure is a
 * return code with a message.
 */
#include <stddef.h>
#include <stdint.h>

enum {
    PS_COLOUR_OK = 0,
    PS_COLOUR_ERR_INVALID = 1,     /* the profile bytes are damaged or absurd (message says why) */
    PS_COLOUR_ERR_UNSUPPORTED = 2, /* a valid profile this build cannot use (e.g. a Lab or named-colour input) */
    PS_COLOUR_ERR_NOMEM = 3,
    PS_COLOUR_ERR_ARGUMENT = 4
};

#define PS_COLOUR_MESSAGE_LENGTH 160
/* ICC profiles over this many bytes are refused unparsed (the largest real printer profiles are a few MB). */
#define PS_COLOUR_MAX_PROFILE_BYTES (16u << 20)

/* The device colour space of a profile (what its pixels hold). */
enum { PS_COLOUR_SPACE_RGB = 3, PS_COLOUR_SPACE_GRAY = 1, PS_COLOUR_SPACE_CMYK = 4 };

typedef struct ps_colour_profile ps_colour_profile;

/* Opens an ICC profile from `length` bytes (copied). The header and tag table are checked before lcms2 parses
   them (size, signature, tag count, every tag inside the profile), then lcms2 must open it and build a transform
   from it to sRGB. On success *out holds a new reference. */
int ps_colour_profile_from_icc(const uint8_t *data, size_t length, ps_colour_profile **out, char *message);

/* A profile from ITU-T H.273 colour primaries and transfer characteristics (HEIF/AVIF nclx, PNG cICP):
   primaries 1 (BT.709/sRGB), 4, 5, 6, 7, 9 (BT.2020), 11 (DCI-P3), 12 (Display P3); transfer 1, 6, 14, 15
   (BT.709), 4 (gamma 2.2), 5 (gamma 2.8), 8 (linear), 13 (sRGB), 16 (PQ, tone-mapped with reference white at
   203 cd/m2), 18 (HLG, same white). 2 (unspecified) means sRGB's. */
int ps_colour_profile_from_cicp(int32_t primaries, int32_t transfer, ps_colour_profile **out, char *message);

/* A profile from a PNG's gAMA (file gamma, e.g. 0.45455) and optional cHRM (white x,y, red x,y, green x,y,
   blue x,y; NULL for sRGB's primaries). */
int ps_colour_profile_from_gamma(double file_gamma, const double *chromaticities, ps_colour_profile **out,
                                 char *message);

/* The process-wide sRGB profile (IEC 61966-2.1), never freed; retain/release are no-ops on it. */
ps_colour_profile *ps_colour_profile_srgb(void);

/* The process-wide Adobe RGB (1998) profile (its primaries, D65, gamma 563/256), never freed: what a camera JPEG
   says in EXIF alone (ColorSpace uncalibrated, InteroperabilityIndex "R03", DCF's option colour space). */
ps_colour_profile *ps_colour_profile_adobe_rgb(void);

ps_colour_profile *ps_colour_profile_retain(ps_colour_profile *profile);
void ps_colour_profile_release(ps_colour_profile *profile);

/* The profile's description (its 'desc' tag, else a name made from its parameters), NUL-terminated UTF-8
   truncated to `length` bytes. */
void ps_colour_profile_description(const ps_colour_profile *profile, char *out, size_t length);

/* PS_COLOUR_SPACE_RGB, _GRAY or _CMYK. */
int32_t ps_colour_profile_space(const ps_colour_profile *profile);

/* A 64-bit identity of the profile's content (equal profiles have equal ids). */
uint64_t ps_colour_profile_id(const ps_colour_profile *profile);

/* 1 when converting from `from` to `to` changes no 8-bit RGB value by more than 1 (checked on a grid of probe
   colours, cached): conversions between such profiles are skipped. */
int ps_colour_profiles_equivalent(const ps_colour_profile *from, const ps_colour_profile *to);

/* Pixel layouts a conversion reads. */
typedef enum {
    /* Cairo ARGB32 (native uint32 0xAARRGGBB, premultiplied); converted in place (src == dst). A gray source
       profile reads the blue byte. */
    PS_COLOUR_LAYOUT_ARGB32 = 0,
    /* 4 bytes C,M,Y,K, 0 = no ink; written as opaque ARGB32 in place. */
    PS_COLOUR_LAYOUT_CMYK = 1,
    /* 4 bytes C,M,Y,K inverted as Adobe writes them (255 = no ink); written as opaque ARGB32 in place. */
    PS_COLOUR_LAYOUT_CMYK_INVERTED = 2,
    /* 8 bytes R,G,B,A, big-endian 16-bit samples, straight alpha (a PNG row); written as straight-alpha bytes
       B,G,R,A into a separate destination (the caller premultiplies). */
    PS_COLOUR_LAYOUT_RGBA16_BE = 3
} ps_colour_layout;

/* Converts width x height pixels of `layout` in `src` (src_stride bytes per row) from profile `from` to `to`,
   writing ARGB32 (see the layouts) to `dst` (dst_stride bytes per row; may be `src` for 4-byte layouts).
   Returns PS_COLOUR_OK, or an error with the message filled in (the pixels are then unchanged). */
int ps_colour_convert(const ps_colour_profile *from, const ps_colour_profile *to, ps_colour_layout layout,
                      const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int32_t width,
                      int32_t height, char *message);

/* Transforms held by the cache (for tests). */
int32_t ps_colour_cached_transforms(void);

#endif
