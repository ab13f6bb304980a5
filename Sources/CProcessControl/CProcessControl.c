#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "CProcessControl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>

int ditutor_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int ditutor_pipe_cloexec(int descriptors[2]) { return pipe2(descriptors, O_CLOEXEC); }
#else
int ditutor_become_subreaper(void) { return -1; }

// No pipe2 here: the two steps leave a moment in which a concurrent spawn can inherit the ends.
int ditutor_pipe_cloexec(int descriptors[2]) {
  if (pipe(descriptors) != 0) return -1;
  fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
  fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
  return 0;
}
#endif

// Moves without replacing, in two steps, for file systems (and systems) that cannot in one.
static int rename_noreplace_in_steps(const char *from, const char *to) {
  if (link(from, to) == 0) return unlink(from);
  if (errno == EEXIST) return -1;
  if (access(to, F_OK) == 0) {
    errno = EEXIST;
    return -1;
  }
  return rename(from, to);
}

#ifdef __linux__
int ditutor_rename_noreplace(const char *from, const char *to) {
  if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
  return rename_noreplace_in_steps(from, to);
}
#else
int ditutor_rename_noreplace(const char *from, const char *to) { return rename_noreplace_in_steps(from, to); }
#endif
