/* The system library behind the CTIFF shim (found with pkg-config). */
#include <tiffio.h>
