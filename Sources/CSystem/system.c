#define _GNU_SOURCE
#include "ps_system.h"
#include <errno.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int ps_set_thread_nice(int nice) {
    pid_t tid = (pid_t)syscall(SYS_gettid);
    if (setpriority(PRIO_PROCESS, (id_t)tid, nice) != 0) return errno;
    return 0;
}

int ps_return_free_heap(void) {
    return malloc_trim(0);
}

long long ps_heap_in_use(void) {
    struct mallinfo2 m = mallinfo2();
    return (long long)m.uordblks + (long long)m.hblkhd;
}
