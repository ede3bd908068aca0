/* The system library behind the CHeif shim (found with pkg-config). */
#include <libheif/heif.h>
