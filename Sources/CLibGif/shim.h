/* The system library behind the CGif shim (found with pkg-config). */
#include <gif_lib.h>
