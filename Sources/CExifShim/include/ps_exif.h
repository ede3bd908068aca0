#ifndef PHOTOSTACK_EXIF_SHIM_H
#define PHOTOSTACK_EXIF_SHIM_H
/*
 * PhotoStack's libexif shim: one call parses an Exif block and copies the fields the photo-information
 * overlay shows into a plain struct. libexif never exits or longjmps; allocation failure and unparsable
 * input come back as return codes. No libexif pointer leaves this file.
 */
#include <stddef.h>
#include <stdint.h>

enum {
    PS_EXIF_OK = 0,
    PS_EXIF_ERR_ARGUMENT = 1, /* null or empty input */
    PS_EXIF_ERR_NOMEM = 2,    /* libexif could not allocate */
    PS_EXIF_ERR_NO_EXIF = 3   /* the data holds no readable Exif IFD */
};

#define PS_EXIF_TEXT_LENGTH 128

/* Fields read from the Exif IFDs. Text fields are NUL-terminated UTF-8 (as stored: ASCII in practice),
   empty when absent; numbers are 0 (or -1 where 0 is meaningful) when absent. */
typedef struct {
    char make[PS_EXIF_TEXT_LENGTH];
    char model[PS_EXIF_TEXT_LENGTH];
    char lens_model[PS_EXIF_TEXT_LENGTH];
    char date_time_original[PS_EXIF_TEXT_LENGTH]; /* "YYYY:MM:DD HH:MM:SS" */
    char date_time_digitized[PS_EXIF_TEXT_LENGTH];
    char date_time[PS_EXIF_TEXT_LENGTH];          /* IFD0 DateTime (last change) */
    double exposure_time;      /* seconds; 0 = absent */
    double f_number;           /* f-stop; 0 = absent */
    double focal_length;       /* millimetres; 0 = absent */
    int32_t focal_length_35mm; /* millimetres, 35 mm equivalent; 0 = absent */
    int32_t iso;               /* ISO speed (PhotographicSensitivity); 0 = absent */
    int32_t orientation;       /* 1...8; 0 = absent */
    int32_t has_gps_position;  /* 1 when the GPS IFD holds a latitude and a longitude */
} ps_exif_fields;

/* Parses `size` bytes of Exif data: either a whole JPEG or an APP1 payload starting "Exif\0\0".
   Fills `out` (zeroed first) and returns PS_EXIF_OK, or an error code. */
int ps_exif_read(const unsigned char *data, size_t size, ps_exif_fields *out);

#endif
