/* The system library behind the CColour shim (Little CMS 2, found with pkg-config). */
#include <lcms2.h>
