/* PhotoStack colour shim, profiles: see include/ps_colour.h. */
#include "colour_internal.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void silent_log(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context; (void)code; (void)text;
}

static pthread_once_t context_once = PTHREAD_ONCE_INIT;
static cmsContext shared_context;
static ps_colour_profile srgb_profile, adobe_profile;

static uint64_t fnv1a(uint64_t hash, const void *data, size_t length) {
    const uint8_t *bytes = (const uint8_t *)data;
    for (size_t i = 0; i < length; i++) { hash ^= bytes[i]; hash *= 0x100000001b3ULL; }
    return hash;
}

static const double srgb_curve[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};

static void make_context(void) {
    shared_context = cmsCreateContext(NULL, NULL);
    cmsSetLogErrorHandlerTHR(shared_context, silent_log);
    srgb_profile.refs = -1;
    srgb_profile.handle = cmsCreate_sRGBProfileTHR(shared_context);
    srgb_profile.space = PS_COLOUR_SPACE_RGB;
    srgb_profile.id = fnv1a(0xcbf29ce484222325ULL, "builtin-srgb", 12);
    snprintf(srgb_profile.description, sizeof(srgb_profile.description), "sRGB");
    /* Adobe RGB (1998): Adobe's specification, section 4.3 (primaries, D65) and 4.3.1.2 (gamma 563/256). */
    double gamma = 563.0 / 256.0;
    cmsToneCurve *curve = cmsBuildParametricToneCurve(shared_context, 1, &gamma);
    cmsCIExyY white = {0.3127, 0.3290, 1.0};
    cmsCIExyYTRIPLE primaries = {{0.64, 0.33, 1.0}, {0.21, 0.71, 1.0}, {0.15, 0.06, 1.0}};
    cmsToneCurve *curves[3] = {curve, curve, curve};
    adobe_profile.refs = -1;
    adobe_profile.handle = curve ? cmsCreateRGBProfileTHR(shared_context, &white, &primaries, curves) : NULL;
    if (curve) cmsFreeToneCurve(curve);
    adobe_profile.space = PS_COLOUR_SPACE_RGB;
    adobe_profile.id = fnv1a(0xcbf29ce484222325ULL, "builtin-adobe-rgb-1998", 22);
    snprintf(adobe_profile.description, sizeof(adobe_profile.description), "Adobe RGB (1998)");
}

cmsContext ps_colour_context(void) {
    pthread_once(&context_once, make_context);
    return shared_context;
}

ps_colour_profile *ps_colour_profile_srgb(void) {
    ps_colour_context();
    return &srgb_profile;
}

ps_colour_profile *ps_colour_profile_adobe_rgb(void) {
    ps_colour_context();
    return adobe_profile.handle ? &adobe_profile : &srgb_profile;
}

ps_colour_profile *ps_colour_profile_retain(ps_colour_profile *profile) {
    if (profile && profile->refs >= 0) atomic_fetch_add(&profile->refs, 1);
    return profile;
}

void ps_colour_profile_release(ps_colour_profile *profile) {
    if (!profile || profile->refs < 0) return;
    if (atomic_fetch_sub(&profile->refs, 1) != 1) return;
    ps_colour_lock();
    cmsCloseProfile(profile->handle);
    ps_colour_unlock();
    free(profile);
}

void ps_colour_profile_description(const ps_colour_profile *profile, char *out, size_t length) {
    if (!out || length == 0) return;
    snprintf(out, length, "%s", profile ? profile->description : "");
}

int32_t ps_colour_profile_space(const ps_colour_profile *profile) { return profile ? profile->space : 0; }

uint64_t ps_colour_profile_id(const ps_colour_profile *profile) { return profile ? profile->id : 0; }

static void set_message(char *message, const char *format, const char *detail) {
    if (message) snprintf(message, PS_COLOUR_MESSAGE_LENGTH, format, detail);
}

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/* The structural checks made before lcms2 parses a profile: returns the profile's own length, or 0 with a message. */
static size_t check_icc(const uint8_t *data, size_t length, char *message) {
    if (length < 132) { set_message(message, "%s", "the colour profile is truncated (under 132 bytes)"); return 0; }
    if (length > PS_COLOUR_MAX_PROFILE_BYTES) { set_message(message, "%s", "the colour profile is over 16 MB"); return 0; }
    uint32_t declared = be32(data);
    if (declared < 132 || declared > length) {
        set_message(message, "%s", "the colour profile's size field does not match its data");
        return 0;
    }
    if (memcmp(data + 36, "acsp", 4) != 0) { set_message(message, "%s", "the colour profile has no ICC signature"); return 0; }
    uint32_t tags = be32(data + 128);
    if (tags == 0 || tags > 1024 || (uint64_t)tags * 12 + 132 > declared) {
        set_message(message, "%s", "the colour profile's tag table is absurd");
        return 0;
    }
    for (uint32_t i = 0; i < tags; i++) {
        const uint8_t *entry = data + 132 + (size_t)i * 12;
        uint64_t offset = be32(entry + 4), size = be32(entry + 8);
        if (offset < 132 || size < 8 || offset + size > declared) {
            set_message(message, "%s", "a tag of the colour profile lies outside it");
            return 0;
        }
    }
    return declared;
}

/* Wraps an lcms2 profile handle (taken over) after checking lcms2 can convert from it to sRGB. */
static int wrap(cmsHPROFILE handle, uint64_t id, const char *fallback_name, ps_colour_profile **out, char *message) {
    cmsColorSpaceSignature space = cmsGetColorSpace(handle);
    cmsProfileClassSignature kind = cmsGetDeviceClass(handle);
    int32_t channels = space == cmsSigRgbData ? PS_COLOUR_SPACE_RGB
                     : space == cmsSigGrayData ? PS_COLOUR_SPACE_GRAY
                     : space == cmsSigCmykData ? PS_COLOUR_SPACE_CMYK : 0;
    if (!channels || kind == cmsSigLinkClass || kind == cmsSigAbstractClass || kind == cmsSigNamedColorClass) {
        cmsCloseProfile(handle);
        set_message(message, "%s", "the colour profile is not of an RGB, grey or CMYK image");
        return PS_COLOUR_ERR_UNSUPPORTED;
    }
    cmsUInt32Number format = channels == PS_COLOUR_SPACE_RGB ? TYPE_RGB_8
                           : channels == PS_COLOUR_SPACE_GRAY ? TYPE_GRAY_8 : TYPE_CMYK_8;
    cmsHTRANSFORM probe = cmsCreateTransformTHR(ps_colour_context(), handle, format, srgb_profile.handle, TYPE_RGB_8,
                                                INTENT_PERCEPTUAL, cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE);
    if (!probe) {
        cmsCloseProfile(handle);
        set_message(message, "%s", "lcms2 cannot convert from the colour profile (damaged or incomplete tags)");
        return PS_COLOUR_ERR_INVALID;
    }
    cmsDeleteTransform(probe);
    ps_colour_profile *profile = (ps_colour_profile *)calloc(1, sizeof(*profile));
    if (!profile) { cmsCloseProfile(handle); return PS_COLOUR_ERR_NOMEM; }
    profile->refs = 1;
    profile->handle = handle;
    profile->space = channels;
    profile->id = id;
    char name[sizeof(profile->description)] = {0};
    cmsUInt32Number n = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", name, sizeof(name));
    if (n == 0 || !name[0]) snprintf(name, sizeof(name), "%s", fallback_name);
    memcpy(profile->description, name, sizeof(name));
    profile->description[sizeof(profile->description) - 1] = 0;
    *out = profile;
    return PS_COLOUR_OK;
}

/* Profiles opened from ICC bytes lately, by content (most photos of a library share a few profiles: their camera's
   or phone's), each holding a reference; read and written under the lock. */
enum { RECENT_PROFILES = 16 };
static ps_colour_profile *recent[RECENT_PROFILES];
static int recent_next;

int ps_colour_profile_from_icc(const uint8_t *data, size_t length, ps_colour_profile **out, char *message) {
    if (!data || !out) return PS_COLOUR_ERR_ARGUMENT;
    *out = NULL;
    size_t size = check_icc(data, length, message);
    if (!size) return PS_COLOUR_ERR_INVALID;
    uint64_t id = fnv1a(0xcbf29ce484222325ULL ^ size, data, size);
    ps_colour_context();
    ps_colour_lock();
    for (int i = 0; i < RECENT_PROFILES; i++) {
        if (recent[i] && recent[i]->id == id) {
            *out = ps_colour_profile_retain(recent[i]);
            ps_colour_unlock();
            return PS_COLOUR_OK;
        }
    }
    cmsHPROFILE handle = cmsOpenProfileFromMemTHR(ps_colour_context(), data, (cmsUInt32Number)size);
    int code;
    if (!handle) {
        set_message(message, "%s", "lcms2 cannot read the colour profile");
        code = PS_COLOUR_ERR_INVALID;
    } else {
        code = wrap(handle, id, "embedded profile", out, message);
    }
    ps_colour_profile *evicted = NULL;
    if (code == PS_COLOUR_OK) {
        evicted = recent[recent_next];
        recent[recent_next] = ps_colour_profile_retain(*out);
        recent_next = (recent_next + 1) % RECENT_PROFILES;
    }
    ps_colour_unlock();
    ps_colour_profile_release(evicted); /* takes the lock itself when it closes the profile */
    return code;
}

/* H.273 colour primaries: red, green, blue and white chromaticities (x, y). */
static int primaries_xy(int32_t code, double xy[8]) {
    static const double bt709[8] = {0.640, 0.330, 0.300, 0.600, 0.150, 0.060, 0.3127, 0.3290};
    static const double bt470m[8] = {0.670, 0.330, 0.210, 0.710, 0.140, 0.080, 0.310, 0.316};
    static const double bt601_625[8] = {0.640, 0.330, 0.290, 0.600, 0.150, 0.060, 0.3127, 0.3290};
    static const double bt601_525[8] = {0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290};
    static const double bt2020[8] = {0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290};
    static const double dci_p3[8] = {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.314, 0.351};
    static const double display_p3[8] = {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290};
    const double *table;
    switch (code) {
    case 1: case 2: table = bt709; break;
    case 4: table = bt470m; break;
    case 5: table = bt601_625; break;
    case 6: case 7: table = bt601_525; break;
    case 9: table = bt2020; break;
    case 11: table = dci_p3; break;
    case 12: table = display_p3; break;
    default: return -1;
    }
    memcpy(xy, table, sizeof(double) * 8);
    return 0;
}

static const char *primaries_name(int32_t code) {
    switch (code) {
    case 1: case 2: return "BT.709";
    case 4: return "BT.470 M";
    case 5: return "BT.601 (625 lines)";
    case 6: case 7: return "BT.601 (525 lines)";
    case 9: return "BT.2020";
    case 11: return "DCI-P3";
    case 12: return "Display P3";
    default: return "unknown";
    }
}

/* Relative display light (1 = reference white) of a PQ signal, before tone mapping. */
static double pq_to_relative(double e) {
    const double m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32,
                 c3 = 2392.0 / 4096 * 32;
    double p = pow(e, 1 / m2);
    double num = p - c1 > 0 ? p - c1 : 0;
    return 10000.0 * pow(num / (c2 - c3 * p), 1 / m1) / 203.0;
}

/* Relative display light (1 = reference white, HLG 75 %) of an HLG signal, OOTF gamma 1.2, before tone mapping. */
static double hlg_to_relative(double e) {
    const double a = 0.17883277, b = 0.28466892, c = 0.55991073;
    double scene = e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12;
    static double white = 0;
    if (white == 0) white = pow((exp((0.75 - c) / a) + b) / 12, 1.2);
    return pow(scene, 1.2) / white;
}

/* Highlights over 0.8 of reference white roll off towards 1 (a simple shoulder; SDR displays end at white). */
static double tone_map(double y) {
    if (y <= 0.8) return y;
    double over = y - 0.8;
    return 0.8 + over / (1 + over / 0.2);
}

static cmsToneCurve *transfer_curve(int32_t code, const char **name) {
    cmsContext ctx = ps_colour_context();
    switch (code) {
    case 1: case 6: case 14: case 15: {
        static const double bt709[5] = {1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081};
        *name = "BT.709 transfer";
        return cmsBuildParametricToneCurve(ctx, 4, bt709);
    }
    case 2: case 13: *name = "sRGB transfer"; return cmsBuildParametricToneCurve(ctx, 4, srgb_curve);
    case 4: { double g = 2.2; *name = "gamma 2.2"; return cmsBuildParametricToneCurve(ctx, 1, &g); }
    case 5: { double g = 2.8; *name = "gamma 2.8"; return cmsBuildParametricToneCurve(ctx, 1, &g); }
    case 8: { double g = 1.0; *name = "linear"; return cmsBuildParametricToneCurve(ctx, 1, &g); }
    case 16: case 18: {
        enum { N = 4096 };
        float *values = (float *)malloc(sizeof(float) * N);
        if (!values) return NULL;
        for (int i = 0; i < N; i++) {
            double e = (double)i / (N - 1);
            values[i] = (float)tone_map(code == 16 ? pq_to_relative(e) : hlg_to_relative(e));
        }
        cmsToneCurve *curve = cmsBuildTabulatedToneCurveFloat(ctx, N, values);
        free(values);
        *name = code == 16 ? "PQ (HDR, tone-mapped)" : "HLG (HDR, tone-mapped)";
        return curve;
    }
    default: return NULL;
    }
}

static cmsHPROFILE rgb_profile(const double xy[8], cmsToneCurve *curve) {
    cmsCIExyY white = {xy[6], xy[7], 1.0};
    cmsCIExyYTRIPLE primaries = {{xy[0], xy[1], 1.0}, {xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}};
    cmsToneCurve *curves[3] = {curve, curve, curve};
    return cmsCreateRGBProfileTHR(ps_colour_context(), &white, &primaries, curves);
}

int ps_colour_profile_from_cicp(int32_t primaries, int32_t transfer, ps_colour_profile **out, char *message) {
    if (!out) return PS_COLOUR_ERR_ARGUMENT;
    *out = NULL;
    double xy[8];
    if (primaries_xy(primaries, xy) != 0) {
        char detail[48];
        snprintf(detail, sizeof(detail), "%d", primaries);
        set_message(message, "unknown colour primaries (H.273 code %s)", detail);
        return PS_COLOUR_ERR_UNSUPPORTED;
    }
    const char *transfer_name = "";
    ps_colour_lock();
    cmsToneCurve *curve = transfer_curve(transfer, &transfer_name);
    if (!curve) {
        ps_colour_unlock();
        char detail[48];
        snprintf(detail, sizeof(detail), "%d", transfer);
        set_message(message, "unknown transfer characteristics (H.273 code %s)", detail);
        return PS_COLOUR_ERR_UNSUPPORTED;
    }
    cmsHPROFILE handle = rgb_profile(xy, curve);
    cmsFreeToneCurve(curve);
    int code;
    if (!handle) {
        set_message(message, "%s", "lcms2 cannot build the colour space");
        code = PS_COLOUR_ERR_INVALID;
    } else {
        char name[96];
        int sRGBTransfer = transfer == 13 || transfer == 2;
        if ((primaries == 1 || primaries == 2) && sRGBTransfer) snprintf(name, sizeof(name), "sRGB");
        else if (primaries == 12 && sRGBTransfer) snprintf(name, sizeof(name), "Display P3");
        else snprintf(name, sizeof(name), "%s, %s", primaries_name(primaries), transfer_name);
        int32_t key[3] = {0x63696370, primaries, transfer};
        code = wrap(handle, fnv1a(0xcbf29ce484222325ULL, key, sizeof(key)), name, out, message);
        if (code == PS_COLOUR_OK) snprintf((*out)->description, sizeof((*out)->description), "%s", name);
    }
    ps_colour_unlock();
    return code;
}

int ps_colour_profile_from_gamma(double file_gamma, const double *chromaticities, ps_colour_profile **out,
                                 char *message) {
    if (!out) return PS_COLOUR_ERR_ARGUMENT;
    *out = NULL;
    if (!(file_gamma > 0.05 && file_gamma < 5)) {
        set_message(message, "%s", "the PNG's gamma (gAMA) is absurd");
        return PS_COLOUR_ERR_INVALID;
    }
    double xy[8];
    primaries_xy(1, xy);
    if (chromaticities) {
        /* cHRM's order is white, red, green, blue; ours red, green, blue, white. */
        for (int i = 0; i < 6; i++) xy[i] = chromaticities[i + 2];
        xy[6] = chromaticities[0];
        xy[7] = chromaticities[1];
        for (int i = 0; i < 8; i++) {
            if (!(xy[i] >= 0 && xy[i] <= 1) || (i % 2 == 1 && xy[i] <= 0)) {
                set_message(message, "%s", "the PNG's chromaticities (cHRM) are absurd");
                return PS_COLOUR_ERR_INVALID;
            }
        }
    }
    ps_colour_lock();
    double exponent = 1.0 / file_gamma;
    cmsToneCurve *curve = cmsBuildParametricToneCurve(ps_colour_context(), 1, &exponent);
    cmsHPROFILE handle = curve ? rgb_profile(xy, curve) : NULL;
    if (curve) cmsFreeToneCurve(curve);
    int code;
    if (!handle) {
        set_message(message, "%s", "lcms2 cannot build the PNG's colour space (gAMA/cHRM)");
        code = PS_COLOUR_ERR_INVALID;
    } else {
        char name[96];
        snprintf(name, sizeof(name), "gamma %.2f%s", exponent, chromaticities ? ", own primaries (cHRM)" : "");
        double key[10] = {0x67616d61, file_gamma};
        memcpy(key + 2, xy, sizeof(xy));
        code = wrap(handle, fnv1a(0xcbf29ce484222325ULL, key, sizeof(key)), name, out, message);
        if (code == PS_COLOUR_OK) snprintf((*out)->description, sizeof((*out)->description), "%s", name);
    }
    ps_colour_unlock();
    return code;
}
