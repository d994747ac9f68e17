#define _GNU_SOURCE
#include "CFileSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static int rename_with_flags(const char *from, const char *to, unsigned int flags) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
#else
    (void)from; (void)to; (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

int capture_sim_rename_exchange(const char *a, const char *b) {
    return rename_with_flags(a, b, RENAME_EXCHANGE);
}

int capture_sim_rename_noreplace(const char *from, const char *to) {
    return rename_with_flags(from, to, RENAME_NOREPLACE);
}
