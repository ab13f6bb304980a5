// System calls that Swift cannot reach directly: prctl(2) is variadic; pipe2(2) and renameat2(2)
// are left out of Glibc's Swift module.
#ifndef DITUTOR_CPROCESSCONTROL_H
#define DITUTOR_CPROCESSCONTROL_H

/// Makes this process the "child subreaper" of everything it starts: a descendant whose parent
/// dies (a test that ran `setsid sleep 1000` and exited) becomes this process's child instead of
/// init's, so ditutor can still find it and stop it. Returns 0, or -1 where the system has no
/// such thing (anything but Linux).
int ditutor_become_subreaper(void);

/// pipe(2) with both ends close-on-exec from the start, so that a program another thread spawns
/// at that moment cannot inherit them (Glibc's Swift module leaves pipe2 out). Returns 0 or -1.
int ditutor_pipe_cloexec(int descriptors[2]);

#include <sys/types.h>

/// Starts `path` in a process group of its own, with `streams` as its standard input, output and
/// error (-1: /dev/null), in `directory` (NULL: this process's), the signals ditutor handles or
/// ignores back at their defaults and none blocked. On Linux the child is killed when ditutor
/// dies, however it dies. Returns the child's id, or -1 with the reason in `failure` (an errno),
/// also when exec failed.
pid_t ditutor_spawn(const char *path, char *const argv[], char *const envp[], const int streams[3],
                    const char *directory, int *failure);
/// rename(2) that never replaces: fails with EEXIST when there is already something at `to`,
/// decided by the kernel in the same step as the move (renameat2 with RENAME_NOREPLACE), so two
/// processes moving a file to one name never both succeed. Where the file system cannot do that
/// in one step, a file is hard-linked then unlinked (link(2) never replaces either), and only a
/// folder is checked for and then renamed. Returns 0 or -1 with errno set.
int ditutor_rename_noreplace(const char *from, const char *to);

/// The read end of a pipe that gets a byte each time SIGTSTP (Ctrl-Z) arrives while
/// `ditutor_catch_suspend(1)` is in force; -1 if it cannot be made.
int ditutor_suspend_requests(void);

/// Catches SIGTSTP (1: a byte on the pipe above) or gives it its default action back (0:
/// the process stops). Returns 0 or -1.
int ditutor_catch_suspend(int catching);

#endif
