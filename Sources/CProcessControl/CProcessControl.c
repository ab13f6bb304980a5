#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "CProcessControl.h"

#include <fcntl.h>
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
