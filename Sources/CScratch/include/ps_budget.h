#ifndef PS_BUDGET_H
#define PS_BUDGET_H

#include <stdint.h>

/* The process-wide decode memory budget, shared by every decoder thread and every decoder (JPEG, PNG and
 * the ones that follow): before allocating what a file's header asks for, a decode reserves those bytes here
 * and releases them when it is done. One decode can never take more than the total; N decodes on N threads
 * wait for one another instead of adding up. A decoder holds at most one reservation at a time (so waiting
 * cannot deadlock). Sizes in bytes. */

enum {
    PS_BUDGET_OK = 0,
    PS_BUDGET_TOO_LARGE = 1, /* more than the whole budget: refuse the file */
    PS_BUDGET_BUSY = 2       /* the budget stayed in use by other decodes for the whole wait */
};

/* Default total: 256 MiB. */
#define PS_BUDGET_DEFAULT_TOTAL (256LL << 20)

/* Sets the total (bytes, > 0). Reservations already held stay valid. */
void ps_budget_set_total(int64_t bytes);
int64_t ps_budget_total(void);
/* Bytes reserved now, and the most ever reserved at once since the last ps_budget_reset_peak. */
int64_t ps_budget_in_use(void);
int64_t ps_budget_peak(void);
void ps_budget_reset_peak(void);

/* Reserves `bytes` (>= 0), waiting up to `wait_ms` milliseconds for other decodes to release enough.
 * Returns PS_BUDGET_OK (then release exactly `bytes` later), PS_BUDGET_TOO_LARGE or PS_BUDGET_BUSY. */
int ps_budget_reserve(int64_t bytes, int32_t wait_ms);
void ps_budget_release(int64_t bytes);

/* Overflow-checked size arithmetic for decoders: *out = a * b (or a + b); 0 on success, -1 on overflow or a
 * negative operand. */
int ps_size_mul(int64_t a, int64_t b, int64_t *out);
int ps_size_add(int64_t a, int64_t b, int64_t *out);

#endif
