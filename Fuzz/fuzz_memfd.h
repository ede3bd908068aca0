/* Shared by the C harnesses: the input as an anonymous file, so the descriptor readers (the ones the app
 * uses) are what is fuzzed; and the budget check that every reservation was given back. */
#ifndef PHOTOSTACK_FUZZ_MEMFD_H
#define PHOTOSTACK_FUZZ_MEMFD_H

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ps_budget.h"

/* A memfd holding `data` (offset 0), or -1. */
static int fuzz_memfd(const uint8_t *data, size_t size) {
    int fd = memfd_create("fuzz", MFD_CLOEXEC);
    if (fd < 0) return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) { close(fd); return -1; }
        done += (size_t)n;
    }
    return fd;
}

/* A decode that returns without giving back its budget reservation is a bug: abort (a finding). */
static void fuzz_check_budget(void) {
    if (ps_budget_in_use() != 0) {
        fprintf(stderr, "decode budget leak: %lld bytes still reserved\n", (long long)ps_budget_in_use());
        abort();
    }
}

#endif
