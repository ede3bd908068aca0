#ifndef PHOTOSTACK_JPEG_SHIM_H
#define PHOTOSTACK_JPEG_SHIM_H
/* Filled in by the image pipeline. */
int photostack_jpeg_shim_version(void);
#endif
