#ifndef PHOTOSTACK_LAZY_LIBRARY_H
#define PHOTOSTACK_LAZY_LIBRARY_H
/*
 * Format libraries loaded on first use. libheif (with x265, aom, dav1d and libde265 behind it), libraw and libtiff
 * cost about 5 ms of CPU and 6 MB of resident memory when the dynamic loader maps them at every launch, before the
 * first frame, in a library that may hold no HEIC, RAW or TIFF file. Their shims (CHEIF, CRaw, CTIFF) compile
 * against the -dev packages' headers but are not linked with the libraries: the first decode of such a file loads
 * the library with dlopen (on a decode thread, never the UI thread) and finds its functions with dlsym. A library
 * that cannot be loaded makes its files "not shown" with the loader's reason; nothing else fails.
 *
 * Use in a shim: list the functions once as an X-macro, declare the pointers with PS_LAZY_POINTER and the symbol
 * table with PS_LAZY_ENTRY, keep one ps_lazy_library, call ps_lazy_open before using the library, and call the
 * functions through the p_ pointers.
 */
#include <pthread.h>
#include <stddef.h>

typedef struct {
    const char *name;   /* the symbol */
    void **slot;        /* where its address goes */
} ps_lazy_symbol;

/* A pointer p_NAME with NAME's own type (from the library's header: the header's declaration is not referenced,
   so the library is not needed at link time). */
#define PS_LAZY_POINTER(name) static __typeof__(&name) p_##name;
/* An entry of the ps_lazy_symbol table for NAME. */
#define PS_LAZY_ENTRY(name) { #name, (void **)&p_##name },

/* Loads `soname` (dlopen, RTLD_NOW | RTLD_LOCAL) and fills every slot. Returns 1 on success; 0 with a sentence in
   `error` (`error_size` bytes) when the library or a symbol is missing, the slots then all NULL. */
int ps_lazy_load(const char *soname, const ps_lazy_symbol *symbols, size_t count, char *error, size_t error_size);

/* One library loaded at most once for the process: declare `static ps_lazy_library x = PS_LAZY_LIBRARY(...)`. */
typedef struct {
    const char *soname;
    const ps_lazy_symbol *symbols;
    size_t count;
    void (*after_load)(void);   /* run once after a successful load (the library's own set-up), or NULL */
    pthread_mutex_t lock;
    int state;                  /* 0 not tried, 1 loaded, -1 failed */
    char error[256];
} ps_lazy_library;

#define PS_LAZY_LIBRARY(soname, symbols, after_load) \
    { (soname), (symbols), sizeof(symbols) / sizeof((symbols)[0]), (after_load), PTHREAD_MUTEX_INITIALIZER, 0, "" }

/* Loads `library` the first time (from any thread; two first calls do not race) and returns 1 when it is usable;
   0 when it could not be loaded, with the reason in library->error (every later call returns 0 at once). */
int ps_lazy_open(ps_lazy_library *library);

/* 1 when `soname` is mapped in this process (it was loaded, by ps_lazy_load or otherwise); for tests. */
int ps_lazy_is_loaded(const char *soname);

#endif
