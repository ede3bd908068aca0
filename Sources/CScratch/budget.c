#include "ps_budget.h"

#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_mutex_t budget_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t budget_released = PTHREAD_COND_INITIALIZER;
static int64_t budget_total = PS_BUDGET_DEFAULT_TOTAL;
static int64_t budget_used = 0;
static int64_t budget_peak = 0;

void ps_budget_set_total(int64_t bytes) {
    if (bytes <= 0) return;
    pthread_mutex_lock(&budget_lock);
    budget_total = bytes;
    pthread_cond_broadcast(&budget_released);
    pthread_mutex_unlock(&budget_lock);
}

int64_t ps_budget_total(void) {
    pthread_mutex_lock(&budget_lock);
    int64_t v = budget_total;
    pthread_mutex_unlock(&budget_lock);
    return v;
}

int64_t ps_budget_in_use(void) {
    pthread_mutex_lock(&budget_lock);
    int64_t v = budget_used;
    pthread_mutex_unlock(&budget_lock);
    return v;
}

int64_t ps_budget_peak(void) {
    pthread_mutex_lock(&budget_lock);
    int64_t v = budget_peak;
    pthread_mutex_unlock(&budget_lock);
    return v;
}

void ps_budget_reset_peak(void) {
    pthread_mutex_lock(&budget_lock);
    budget_peak = budget_used;
    pthread_mutex_unlock(&budget_lock);
}

int ps_budget_reserve(int64_t bytes, int32_t wait_ms) {
    if (bytes < 0) return PS_BUDGET_TOO_LARGE;
    pthread_mutex_lock(&budget_lock);
    if (bytes > budget_total) { pthread_mutex_unlock(&budget_lock); return PS_BUDGET_TOO_LARGE; }
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += wait_ms / 1000;
    deadline.tv_nsec += (long)(wait_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) { deadline.tv_sec += 1; deadline.tv_nsec -= 1000000000L; }
    while (budget_used + bytes > budget_total) {
        if (bytes > budget_total) { pthread_mutex_unlock(&budget_lock); return PS_BUDGET_TOO_LARGE; }
        if (pthread_cond_timedwait(&budget_released, &budget_lock, &deadline) == ETIMEDOUT &&
            budget_used + bytes > budget_total) {
            pthread_mutex_unlock(&budget_lock);
            return PS_BUDGET_BUSY;
        }
    }
    budget_used += bytes;
    if (budget_used > budget_peak) budget_peak = budget_used;
    pthread_mutex_unlock(&budget_lock);
    return PS_BUDGET_OK;
}

void ps_budget_release(int64_t bytes) {
    if (bytes <= 0) return;
    pthread_mutex_lock(&budget_lock);
    budget_used -= bytes;
    if (budget_used < 0) budget_used = 0;
    pthread_cond_broadcast(&budget_released);
    pthread_mutex_unlock(&budget_lock);
}

int ps_size_mul(int64_t a, int64_t b, int64_t *out) {
    if (a < 0 || b < 0) return -1;
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return -1;
    *out = r;
    return 0;
}

int ps_size_add(int64_t a, int64_t b, int64_t *out) {
    if (a < 0 || b < 0) return -1;
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) return -1;
    *out = r;
    return 0;
}
