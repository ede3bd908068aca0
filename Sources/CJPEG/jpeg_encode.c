/* PhotoStack libjpeg-turbo shim: the encoder (tests and the bench generator; see include/jpeg_shim.h). */
#include "jpeg_shim.h"
#include "jpeg_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

int ps_jpeg_encode(const uint8_t *pixels, int32_t width, int32_t height, int32_t kind,
                   int32_t quality, int32_t progressive, int32_t subsample_420,
                   const uint8_t *app1, size_t app1_length,
                   uint8_t **output, size_t *output_length, char *message) {
    if (!pixels || width <= 0 || height <= 0 || !output || !output_length) return PS_JPEG_ERR_ARGUMENT;
    *output = NULL;
    *output_length = 0;
    struct jpeg_compress_struct cinfo;
    ps_error_mgr err;
    ps_init_error_mgr(&err);
    cinfo.err = &err.base;
    unsigned long buffer_length = 0;
    /* Written by libjpeg through its address (so it lives in memory, valid after a longjmp). */
    unsigned char *dest_buffer = NULL;
    if (setjmp(err.escape)) {
        if (message) strncpy(message, err.message, PS_JPEG_MESSAGE_LENGTH - 1);
        jpeg_destroy_compress(&cinfo);
        free(dest_buffer);
        return PS_JPEG_ERR_DECODE;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &dest_buffer, &buffer_length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    int components = 3;
    switch (kind) {
    case PS_JPEG_ENCODE_GRAY: components = 1; cinfo.in_color_space = JCS_GRAYSCALE; break;
    case PS_JPEG_ENCODE_CMYK:
    case PS_JPEG_ENCODE_YCCK: components = 4; cinfo.in_color_space = JCS_CMYK; break;
    default: components = 3; cinfo.in_color_space = JCS_RGB; break;
    }
    cinfo.input_components = components;
    jpeg_set_defaults(&cinfo);
    if (kind == PS_JPEG_ENCODE_CMYK) jpeg_set_colorspace(&cinfo, JCS_CMYK);
    if (kind == PS_JPEG_ENCODE_YCCK) jpeg_set_colorspace(&cinfo, JCS_YCCK);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (kind == PS_JPEG_ENCODE_RGB && !subsample_420) {
        cinfo.comp_info[0].h_samp_factor = 1;
        cinfo.comp_info[0].v_samp_factor = 1;
    }
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (app1 && app1_length > 0 && app1_length <= 65533)
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, app1, (unsigned int)app1_length);
    size_t stride = (size_t)width * (size_t)components;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row[1] = { (JSAMPROW)(pixels + stride * cinfo.next_scanline) };
        jpeg_write_scanlines(&cinfo, row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *output = dest_buffer;
    *output_length = buffer_length;
    return PS_JPEG_OK;
}
