/* PhotoStack: format libraries loaded on first use; see include/ps_lazy_library.h. */
#include "ps_lazy_library.h"

#include <dlfcn.h>
#include <stdio.h>

int ps_lazy_load(const char *soname, const ps_lazy_symbol *symbols, size_t count, char *error, size_t error_size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s could not be loaded: %s", soname, why ? why : "unknown error");
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        void *address = dlsym(library, symbols[i].name);
        if (!address) {
            snprintf(error, error_size, "%s has no %s (another version of the library?)", soname, symbols[i].name);
            for (size_t j = 0; j < count; j++) *symbols[j].slot = NULL;
            dlclose(library);
            return 0;
        }
        *symbols[i].slot = address;
    }
    return 1;   /* never closed: the functions stay in use for the process's life */
}

int ps_lazy_open(ps_lazy_library *library) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) {
        library->state = ps_lazy_load(library->soname, library->symbols, library->count, library->error,
                                      sizeof library->error) ? 1 : -1;
        if (library->state == 1 && library->after_load) library->after_load();
    }
    int usable = library->state == 1;
    pthread_mutex_unlock(&library->lock);
    return usable;
}

int ps_lazy_is_loaded(const char *soname) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_NOLOAD);
    if (!library) return 0;
    dlclose(library);
    return 1;
}
