#include "jpeg_shim.h"
int photostack_jpeg_shim_version(void) { return 1; }
