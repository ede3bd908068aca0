#ifndef PHOTOSTACK_PNG_SHIM_H
#define PHOTOSTACK_PNG_SHIM_H
/* Filled in by the image pipeline. */
int photostack_png_shim_version(void);
#endif
