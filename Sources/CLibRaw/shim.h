/* The system library behind the CRaw shim (found with pkg-config). */
#include <libraw/libraw.h>
