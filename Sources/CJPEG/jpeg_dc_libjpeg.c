/* The bridge between libjpeg's header parser and the 1/8-scale DC decoder (see jpeg_internal.h). */
#include "jpeg_internal.h"
#include "jpeg_dc_decoder.h"

#include <stdlib.h>
#include <string.h>

/* The decoder's next chunk: the libjpeg source's next buffer. The shim's sources (jpeg_mem_src and the
 * descriptor source) never call error_exit from fill_input_buffer: at the end they warn and return a fake EOI,
 * which the decoder takes as the end of the data. */
static int source_fill(void *context, const uint8_t **bytes, size_t *length) {
    j_decompress_ptr cinfo = (j_decompress_ptr)context;
    struct jpeg_source_mgr *src = cinfo->src;
    src->next_input_byte += src->bytes_in_buffer;
    src->bytes_in_buffer = 0;
    if (!(*src->fill_input_buffer)(cinfo) || src->bytes_in_buffer == 0) return -1;
    *bytes = src->next_input_byte;
    *length = src->bytes_in_buffer;
    src->next_input_byte += src->bytes_in_buffer;
    src->bytes_in_buffer = 0;
    return 0;
}

static int copy_huffman(ps_dc_huffman *out, const JHUFF_TBL *table) {
    if (!table) return -1;
    memcpy(out->counts, table->bits, 17);
    memcpy(out->values, table->huffval, 256);
    out->present = 1;
    return 0;
}

int ps_dc_decode_libjpeg(struct jpeg_decompress_struct *cinfo, uint32_t *pixels, size_t stride) {
    /* Scope: see jpeg_dc_decoder.h. Everything here comes from a header libjpeg has already accepted. */
    int n = cinfo->num_components;
    int gray = cinfo->jpeg_color_space == JCS_GRAYSCALE && n == 1;
    int ycc = cinfo->jpeg_color_space == JCS_YCbCr && n == 3;
    if (cinfo->progressive_mode || cinfo->arith_code || cinfo->data_precision != 8 || (!gray && !ycc))
        return PS_DC_UNSUPPORTED;
    if (cinfo->comps_in_scan != n || cinfo->Ss != 0 || cinfo->Se != 63 || cinfo->Ah != 0 || cinfo->Al != 0)
        return PS_DC_UNSUPPORTED;
    if (cinfo->src == NULL || (cinfo->src->bytes_in_buffer > 0 && cinfo->src->next_input_byte == NULL))
        return PS_DC_UNSUPPORTED;
    ps_dc_frame *frame = (ps_dc_frame *)calloc(1, sizeof(ps_dc_frame));
    if (!frame) return PS_DC_NOMEM;
    int status = PS_DC_OK;
    frame->image_width = (int32_t)cinfo->image_width;
    frame->image_height = (int32_t)cinfo->image_height;
    frame->components = n;
    frame->grayscale = gray;
    frame->restart_interval = (int32_t)cinfo->restart_interval;
    for (int i = 0; i < n && status == PS_DC_OK; i++) {
        jpeg_component_info *comp = cinfo->cur_comp_info[i];
        /* The scan's components in frame order, each with its tables. */
        if (!comp || comp->component_index != i || comp->quant_tbl_no < 0 || comp->quant_tbl_no >= NUM_QUANT_TBLS ||
            comp->dc_tbl_no < 0 || comp->dc_tbl_no > 3 || comp->ac_tbl_no < 0 || comp->ac_tbl_no > 3) {
            status = PS_DC_UNSUPPORTED;
            break;
        }
        const JQUANT_TBL *q = cinfo->quant_tbl_ptrs[comp->quant_tbl_no];
        if (!q) { status = PS_DC_UNSUPPORTED; break; }
        for (int k = 0; k < 64; k++) frame->quant[i][k] = q->quantval[k]; /* libjpeg stores them in natural order */
        frame->h[i] = comp->h_samp_factor;
        frame->v[i] = comp->v_samp_factor;
        frame->dc_table[i] = comp->dc_tbl_no;
        frame->ac_table[i] = comp->ac_tbl_no;
        if (copy_huffman(&frame->dc[comp->dc_tbl_no], cinfo->dc_huff_tbl_ptrs[comp->dc_tbl_no]) != 0 ||
            copy_huffman(&frame->ac[comp->ac_tbl_no], cinfo->ac_huff_tbl_ptrs[comp->ac_tbl_no]) != 0)
            status = PS_DC_UNSUPPORTED;
    }
    if (status == PS_DC_OK) {
        status = ps_dc_decode(frame, cinfo->src->next_input_byte, cinfo->src->bytes_in_buffer, source_fill, cinfo,
                              pixels, stride);
    }
    free(frame);
    return status;
}
