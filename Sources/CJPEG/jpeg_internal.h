/* Shared by the CJPEG sources (not part of the module's public header). */
#ifndef PHOTOSTACK_JPEG_INTERNAL_H
#define PHOTOSTACK_JPEG_INTERNAL_H

#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

#include "jpeg_shim.h"

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

/* The decode proper on a decompressor that already has a source; owns the setjmp for the decode. */
int ps_decode_with_source(struct jpeg_decompress_struct *cinfo, ps_error_mgr *err,
                          const ps_jpeg_options *options, ps_jpeg_result *result);

#endif
