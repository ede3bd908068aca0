#ifndef PHOTOSTACK_FILEOPS_H
#define PHOTOSTACK_FILEOPS_H
/*
 * File-system calls Swift's Glibc module does not expose (they need _GNU_SOURCE). Each returns 0 on
 * success or the errno value on failure; nothing here exits or prints.
 */

/* rename(2) that fails with EEXIST instead of replacing an existing `to` (renameat2 RENAME_NOREPLACE).
   Returns EINVAL or ENOSYS when the file system or kernel cannot do it (the caller falls back). */
int ps_rename_noreplace(const char *from, const char *to);

#endif
