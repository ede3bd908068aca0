/* The system library behind the CWebP shim (found with pkg-config). */
#include <webp/decode.h>
#include <webp/demux.h>
