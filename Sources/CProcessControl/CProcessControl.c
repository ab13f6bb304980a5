#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "CProcessControl.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
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

// Between fork and exec the child calls only async-signal-safe functions: the parent has other
// threads, whose locks the child's copy of memory may hold.
pid_t ditutor_spawn(const char *path, char *const argv[], char *const envp[], const int streams[3],
                    const char *directory, int *failure) {
  int report[2];
  if (ditutor_pipe_cloexec(report) != 0) {
    *failure = errno;
    return -1;
  }
#ifdef __linux__
  pid_t parent = getpid();
#endif
  pid_t pid = fork();
  if (pid < 0) {
    *failure = errno;
    close(report[0]);
    close(report[1]);
    return -1;
  }
  if (pid == 0) {
    int code = 0;
    setpgid(0, 0);
#ifdef __linux__
    // Dies with ditutor, even of kill -9; and if ditutor is already gone, does not start.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || getppid() != parent) _exit(127);
#endif
    struct sigaction defaults;
    defaults.sa_handler = SIG_DFL;
    defaults.sa_flags = 0;
    sigemptyset(&defaults.sa_mask);
    int reset[] = {SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU};
    for (unsigned i = 0; i < sizeof reset / sizeof reset[0]; i++) sigaction(reset[i], &defaults, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int target = 0; target < 3; target++) {
      int source = streams[target];
      if (source < 0) {
        source = open("/dev/null", target == 0 ? O_RDONLY : O_WRONLY);
        if (source < 0) goto failed;
      }
      if (source != target && dup2(source, target) < 0) goto failed;
    }
    if (directory != NULL && chdir(directory) != 0) goto failed;
    execve(path, argv, envp);
  failed:
    code = errno;
    (void)!write(report[1], &code, sizeof code);
    _exit(127);
  }
  close(report[1]);
  int code = 0;
  ssize_t count;
  do {
    count = read(report[0], &code, sizeof code);
  } while (count < 0 && errno == EINTR);
  close(report[0]);
  if (count == (ssize_t)sizeof code) {
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
    *failure = code;
    return -1;
  }
  return pid;
}
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

// Ctrl-Z while a check runs: the handler only wakes the thread that reads this pipe, which stops
// the check's processes and then ditutor itself (what a handler may not do safely).
static int suspend_pipe[2] = {-1, -1};

static void on_suspend(int signo) {
  (void)signo;
  int saved = errno;
  char byte = 1;
  (void)!write(suspend_pipe[1], &byte, 1);
  errno = saved;
}

int ditutor_suspend_requests(void) {
  if (suspend_pipe[0] < 0 && ditutor_pipe_cloexec(suspend_pipe) != 0) return -1;
  return suspend_pipe[0];
}

int ditutor_catch_suspend(int catching) {
  struct sigaction action;
  action.sa_handler = catching ? on_suspend : SIG_DFL;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  return sigaction(SIGTSTP, &action, NULL);
}
