#include <string.h>

#include <libexif/exif-data.h>
#include <libexif/exif-content.h>
#include <libexif/exif-entry.h>
#include <libexif/exif-utils.h>

#include "ps_exif.h"

/* The entry for `tag` in IFD `ifd`, or NULL. */
static ExifEntry *entry_in(ExifData *d, ExifIfd ifd, ExifTag tag) {
    if (!d->ifd[ifd]) return NULL;
    return exif_content_get_entry(d->ifd[ifd], tag);
}

/* Copies an ASCII entry's bytes (bounded by its size, stopping at NUL), trimming trailing spaces. */
static void copy_text(ExifEntry *e, char *out, size_t cap) {
    out[0] = 0;
    if (!e || !e->data || e->size == 0 || e->format != EXIF_FORMAT_ASCII) return;
    size_t n = 0;
    while (n < e->size && n + 1 < cap && e->data[n] != 0) { out[n] = (char)e->data[n]; n++; }
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\t')) n--;
    out[n] = 0;
}

/* First value of a RATIONAL/SRATIONAL entry as a double; 0 when absent, malformed or x/0. */
static double rational(ExifEntry *e, ExifByteOrder order) {
    if (!e || !e->data || e->components < 1) return 0;
    if (e->format == EXIF_FORMAT_RATIONAL && e->size >= 8) {
        ExifRational r = exif_get_rational(e->data, order);
        return r.denominator ? (double)r.numerator / (double)r.denominator : 0;
    }
    if (e->format == EXIF_FORMAT_SRATIONAL && e->size >= 8) {
        ExifSRational r = exif_get_srational(e->data, order);
        return r.denominator ? (double)r.numerator / (double)r.denominator : 0;
    }
    return 0;
}

/* First value of a SHORT/LONG entry; 0 when absent or malformed. */
static int32_t integer(ExifEntry *e, ExifByteOrder order) {
    if (!e || !e->data || e->components < 1) return 0;
    if (e->format == EXIF_FORMAT_SHORT && e->size >= 2) return (int32_t)exif_get_short(e->data, order);
    if (e->format == EXIF_FORMAT_LONG && e->size >= 4) {
        ExifLong v = exif_get_long(e->data, order);
        return v > 0x7fffffff ? 0x7fffffff : (int32_t)v;
    }
    return 0;
}

int ps_exif_read(const unsigned char *data, size_t size, ps_exif_fields *out) {
    if (!data || size == 0 || !out || size > 0xffffffffu) return PS_EXIF_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    ExifData *d = exif_data_new();
    if (!d) return PS_EXIF_ERR_NOMEM;
    /* Read only: no "fixing" of the data to the specification (it would invent entries). */
    exif_data_unset_option(d, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_load_data(d, data, (unsigned int)size);
    int has_any = 0;
    for (int i = 0; i < EXIF_IFD_COUNT; i++) if (d->ifd[i] && d->ifd[i]->count > 0) has_any = 1;
    if (!has_any) { exif_data_unref(d); return PS_EXIF_ERR_NO_EXIF; }
    ExifByteOrder order = exif_data_get_byte_order(d);

    copy_text(entry_in(d, EXIF_IFD_0, EXIF_TAG_MAKE), out->make, sizeof out->make);
    copy_text(entry_in(d, EXIF_IFD_0, EXIF_TAG_MODEL), out->model, sizeof out->model);
    copy_text(entry_in(d, EXIF_IFD_EXIF, EXIF_TAG_LENS_MODEL), out->lens_model, sizeof out->lens_model);
    copy_text(entry_in(d, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL), out->date_time_original, sizeof out->date_time_original);
    copy_text(entry_in(d, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_DIGITIZED), out->date_time_digitized, sizeof out->date_time_digitized);
    copy_text(entry_in(d, EXIF_IFD_0, EXIF_TAG_DATE_TIME), out->date_time, sizeof out->date_time);
    out->exposure_time = rational(entry_in(d, EXIF_IFD_EXIF, EXIF_TAG_EXPOSURE_TIME), order);
    out->f_number = rational(entry_in(d, EXIF_IFD_EXIF, EXIF_TAG_FNUMBER), order);
    out->focal_length = rational(entry_in(d, EXIF_IFD_EXIF, EXIF_TAG_FOCAL_LENGTH), order);
    out->focal_length_35mm = integer(entry_in(d, EXIF_IFD_EXIF, EXIF_TAG_FOCAL_LENGTH_IN_35MM_FILM), order);
    out->iso = integer(entry_in(d, EXIF_IFD_EXIF, EXIF_TAG_ISO_SPEED_RATINGS), order);
    out->orientation = integer(entry_in(d, EXIF_IFD_0, EXIF_TAG_ORIENTATION), order);
    if (out->orientation < 1 || out->orientation > 8) out->orientation = 0;
    /* GPS tags are macros in libexif (their numbers overlap the interoperability tags). */
    out->has_gps_position = entry_in(d, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LATITUDE) != NULL
                         && entry_in(d, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LONGITUDE) != NULL;
    exif_data_unref(d);
    return PS_EXIF_OK;
}
