/* libFuzzer harness for the colour profile reader (CColour over lcms2): the input as an ICC profile (checked,
 * opened, described, compared with sRGB) and, when it opens, every conversion the app makes with it: from it to
 * sRGB (ARGB32 opaque and translucent, CMYK, 16-bit RGBA) and from sRGB to it as a display profile. The first
 * bytes also pick H.273 codes and a PNG gamma/chromaticities for the profiles built from them. */
#include "ps_colour.h"

#include <stdlib.h>
#include <string.h>

static void convert_all(ps_colour_profile *from, ps_colour_profile *to) {
    uint32_t argb[16];
    for (int i = 0; i < 16; i++) argb[i] = (uint32_t)(i * 16) << 24 | 0x00102030u * (uint32_t)i;
    for (int i = 0; i < 16; i++) if ((argb[i] >> 24) < ((argb[i] >> 16) & 0xFF)) argb[i] |= 0xFF000000u;
    ps_colour_convert(from, to, PS_COLOUR_LAYOUT_ARGB32, (uint8_t *)argb, 16, (uint8_t *)argb, 16, 4, 4, NULL);
    uint8_t cmyk[64];
    for (int i = 0; i < 64; i++) cmyk[i] = (uint8_t)(i * 37);
    ps_colour_convert(from, to, PS_COLOUR_LAYOUT_CMYK, cmyk, 16, cmyk, 16, 4, 4, NULL);
    ps_colour_convert(from, to, PS_COLOUR_LAYOUT_CMYK_INVERTED, cmyk, 16, cmyk, 16, 4, 4, NULL);
    uint8_t deep[8 * 4], out[4 * 4];
    for (int i = 0; i < 32; i++) deep[i] = (uint8_t)(i * 53);
    ps_colour_convert(from, to, PS_COLOUR_LAYOUT_RGBA16_BE, deep, 32, out, 16, 4, 1, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char message[PS_COLOUR_MESSAGE_LENGTH];
    char name[128];
    ps_colour_profile *srgb = ps_colour_profile_srgb();
    ps_colour_profile *profile = NULL;
    if (ps_colour_profile_from_icc(data, size, &profile, message) == PS_COLOUR_OK) {
        ps_colour_profile_description(profile, name, sizeof(name));
        if (strlen(name) >= sizeof(name)) abort();
        ps_colour_profiles_equivalent(profile, srgb);
        convert_all(profile, srgb);
        if (ps_colour_profile_space(profile) == PS_COLOUR_SPACE_RGB) convert_all(srgb, profile);
        ps_colour_profile_release(profile);
    }
    if (size >= 2) {
        if (ps_colour_profile_from_cicp(data[0], data[1], &profile, message) == PS_COLOUR_OK) {
            convert_all(profile, srgb);
            ps_colour_profile_release(profile);
        }
    }
    if (size >= 36) {
        double values[9];
        for (int i = 0; i < 9; i++) {
            uint32_t v = (uint32_t)data[4 * i] << 24 | (uint32_t)data[4 * i + 1] << 16 | (uint32_t)data[4 * i + 2] << 8 | data[4 * i + 3];
            values[i] = v / 100000.0;
        }
        if (ps_colour_profile_from_gamma(values[0], (data[0] & 1) ? values + 1 : NULL, &profile, message) == PS_COLOUR_OK) {
            convert_all(profile, srgb);
            ps_colour_profile_release(profile);
        }
    }
    return 0;
}
