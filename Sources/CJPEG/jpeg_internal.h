/* Shared by the CJPEG sources (not part of the module's public header). */
#ifndef PHOTOSTACK_JPEG_INTERNAL_H
#define PHOTOSTACK_JPEG_INTERNAL_H

#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

#include "jpeg_shim.h"
#include "jpeg_dc_decoder.h"

/* The error manager: error_exit longjmps back to the shim function that owns `escape`. */
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char message[PS_JPEG_MESSAGE_LENGTH];
    int have_message;
    int warnings;
    int truncated;   /* a JWRN_JPEG_EOF warning: the data ended before the image */
} ps_error_mgr;

/* Installs the shim's handlers (errors longjmp to `escape`, warnings are counted, JWRN_JPEG_EOF marks truncation). */
void ps_init_error_mgr(ps_error_mgr *err);

/* Puts a decompressor's source back at the start of the file (after jpeg_abort_decompress). */
typedef void (*ps_rewind_fn)(struct jpeg_decompress_struct *cinfo, void *context);

/* The decode proper on a decompressor that already has a source; owns the setjmp for the decode. `rewind`
   restarts the source when the 1/8-scale DC decoder gave up half-way and libjpeg decodes the file instead. */
int ps_decode_with_source(struct jpeg_decompress_struct *cinfo, ps_error_mgr *err,
                          const ps_jpeg_options *options, ps_jpeg_result *result,
                          ps_rewind_fn rewind, void *rewind_context);

/* The 1/8-scale DC decoder (jpeg_dc_decoder.h) on the scan libjpeg's jpeg_read_header stopped at: fills
   ceil(w/8) x ceil(h/8) pixels. PS_DC_UNSUPPORTED and PS_DC_NOMEM leave the source untouched; after
   PS_DC_CORRUPT the source must be rewound. */
int ps_dc_decode_libjpeg(struct jpeg_decompress_struct *cinfo, uint32_t *pixels, size_t stride);

#endif
