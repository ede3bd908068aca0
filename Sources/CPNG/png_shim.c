#include "png_shim.h"
int photostack_png_shim_version(void) { return 1; }
