#ifndef PHOTOSTACK_COLOUR_INTERNAL_H
#define PHOTOSTACK_COLOUR_INTERNAL_H
#include "ps_colour.h"

#include <lcms2.h>
#include <pthread.h>
#include <stdatomic.h>

struct ps_colour_profile {
    /* References; -1 for the process-wide sRGB profile. */
    atomic_int refs;
    /* The lcms2 profile: read only under ps_colour_lock (lcms2 loads tags lazily into it). */
    cmsHPROFILE handle;
    int32_t space;
    uint64_t id;
    char description[128];
};

/* The process-wide lcms2 context (errors are not printed). */
cmsContext ps_colour_context(void);

/* Serialises every use of profile handles and the transform cache. */
void ps_colour_lock(void);
void ps_colour_unlock(void);

#endif
