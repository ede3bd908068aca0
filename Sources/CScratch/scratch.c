#include "ps_scratch.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

/* Bytes kept by every thread together. */
static atomic_size_t kept_total;

typedef struct { uint8_t *data; size_t capacity; } scratch_buffer;
typedef struct { scratch_buffer slots[PS_SCRATCH_SLOTS]; } scratch_set;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void scratch_free(void *pointer) {
    scratch_set *set = (scratch_set *)pointer;
    if (!set) return;
    for (int i = 0; i < PS_SCRATCH_SLOTS; i++) {
        atomic_fetch_sub(&kept_total, set->slots[i].capacity);
        free(set->slots[i].data);
    }
    free(set);
}

static void scratch_init(void) { pthread_key_create(&scratch_key, scratch_free); }

uint8_t *ps_scratch_get(ps_scratch_slot slot, size_t size, size_t keep, int *owned) {
    *owned = 1;
    if (size > keep || slot < 0 || slot >= PS_SCRATCH_SLOTS) return (uint8_t *)malloc(size);
    pthread_once(&scratch_once, scratch_init);
    scratch_set *set = (scratch_set *)pthread_getspecific(scratch_key);
    if (!set) {
        set = (scratch_set *)calloc(1, sizeof(scratch_set));
        if (!set || pthread_setspecific(scratch_key, set) != 0) { free(set); return (uint8_t *)malloc(size); }
    }
    scratch_buffer *s = &set->slots[slot];
    if (s->capacity < size) {
        /* Room for somewhat larger next requests (pages not written stay unmapped). */
        size_t capacity = keep < size * 2 ? keep : size * 2;
        free(s->data);
        atomic_fetch_sub(&kept_total, s->capacity);
        s->capacity = 0;
        s->data = (uint8_t *)malloc(capacity);
        if (!s->data) return (uint8_t *)malloc(size);
        s->capacity = capacity;
        atomic_fetch_add(&kept_total, capacity);
    }
    *owned = 0;
    return s->data;
}

void ps_scratch_release_thread(void) {
    pthread_once(&scratch_once, scratch_init);
    scratch_set *set = (scratch_set *)pthread_getspecific(scratch_key);
    if (!set) return;
    for (int i = 0; i < PS_SCRATCH_SLOTS; i++) {
        free(set->slots[i].data);
        atomic_fetch_sub(&kept_total, set->slots[i].capacity);
        set->slots[i].data = NULL;
        set->slots[i].capacity = 0;
    }
}

size_t ps_scratch_kept_bytes(void) {
    pthread_once(&scratch_once, scratch_init);
    scratch_set *set = (scratch_set *)pthread_getspecific(scratch_key);
    if (!set) return 0;
    size_t total = 0;
    for (int i = 0; i < PS_SCRATCH_SLOTS; i++) total += set->slots[i].capacity;
    return total;
}

size_t ps_scratch_kept_bytes_all_threads(void) { return atomic_load(&kept_total); }
