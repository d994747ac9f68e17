// Atomic renames for publishing bundles: Linux's renameat2 with RENAME_EXCHANGE (swap two paths in one
// step) and RENAME_NOREPLACE (rename only if the target does not exist).
//
// Why this exists: Swift's Glibc module does not export renameat2 (glibc declares it only under
// _GNU_SOURCE), and syscall(2) is variadic, which Swift cannot call. With these two calls a bundle
// replaced with --force is swapped with the new one in one step, so a kill at any moment leaves either
// the old or the new complete bundle under its name, and a bundle that appeared meanwhile is never
// overwritten without --force.
#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H

/// renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE): 0, or -1 with errno (ENOENT when either path
/// is missing; EINVAL or ENOSYS where the file system or kernel cannot exchange).
int capture_sim_rename_exchange(const char *a, const char *b);

/// renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE): 0, or -1 with errno (EEXIST when `to`
/// exists; EINVAL or ENOSYS where the file system or kernel cannot do it atomically).
int capture_sim_rename_noreplace(const char *from, const char *to);

#endif
