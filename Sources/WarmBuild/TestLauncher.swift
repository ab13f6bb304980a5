import Foundation
import TutorKit

/// Runs one set of tests against many planted bugs, paying the Swift runtime's start-up once.
///
/// A write-the-test check runs the learner's tests, compiled once, against every planted bug's
/// library: seventeen processes for `showtimes-model-tests`. Each costs about 32 ms of a core, and
/// the tests are a few of them: a third is the dynamic loader binding the symbols of the Swift
/// runtime, Foundation and Swift Testing, a third the kernel mapping their pages, a fifth Swift
/// Testing's discovery. The launcher loads those libraries once, then forks a child per bug,
/// which loads only the bug's library (its `DT_SONAME` is the subject's, so the tests bind to
/// it), then the tests, linked as a shared library, and calls their `main` with the arguments
/// the test program would have had. Each child is a process of its own, as before: a crash or a
/// hang is that bug's alone.
///
/// It is C, built here with the toolchain's `clang` (the compiler driver that links every test
/// program), because what it does between `fork` and the tests' `main` must not start the Swift
/// runtime in the parent. Where it cannot be built, the bugs run as programs of their own.
struct TestLauncher {
  /// The launcher's program, once built.
  let path: String

  /// Builds the launcher in `folder` with `clang`, unless it is built from the same source and
  /// compiler; nil when it does not build.
  static func build(
    clang: String, in folder: String, fileSystem: any FileStore & FileStamps, processes: any ProcessRunner,
    environment: [String: String]
  ) async throws -> TestLauncher? {
    let source = FilePath.join(folder, "launcher.c")
    let program = FilePath.join(folder, "launcher")
    if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    if (try? fileSystem.readFile(at: source)) != Data(Self.source.utf8) {
      try fileSystem.writeAtomically(Data(Self.source.utf8), to: source)
    }
    let jobs = [[clang, "-O2", "-w", source, "-o", program, "-ldl"]]
    let built = try await BuiltFrom(jobs: jobs, reading: [source, clang], fileSystem: fileSystem).make(
      program, in: folder, jobs: jobs, fileSystem: fileSystem, processes: processes, environment: environment,
      workingDirectory: folder)
    return built ? TestLauncher(path: program) : nil
  }

  /// The launcher. Usage: `launcher TESTS JOBS TIMEOUT_MS N SONAME… RUNS {OUT ERR N LIB… ARGC ARG…}…`
  static let source = #"""
    // ditutor's test launcher: see Sources/WarmBuild/TestLauncher.swift. Written by ditutor.
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <elf.h>
    #include <errno.h>
    #include <fcntl.h>
    #include <signal.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/mman.h>
    #include <sys/prctl.h>
    #include <sys/resource.h>
    #include <sys/stat.h>
    #include <sys/wait.h>
    #include <time.h>
    #include <unistd.h>

    static long long now_us(void) {
      struct timespec t;
      clock_gettime(CLOCK_MONOTONIC, &t);
      return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
    }

    // Loads what the tests' library needs, as the dynamic loader would find it (its run path),
    // except the libraries each child loads in its own version.
    static void preload(const char *tests, char **skip, int skips) {
      int fd = open(tests, O_RDONLY | O_CLOEXEC);
      if (fd < 0) return;
      struct stat st;
      if (fstat(fd, &st) != 0 || st.st_size < (off_t)sizeof(Elf64_Ehdr)) { close(fd); return; }
      const unsigned char *m = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
      close(fd);
      if (m == MAP_FAILED) return;
      const Elf64_Ehdr *eh = (const Elf64_Ehdr *)m;
      if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64) goto done;
      const Elf64_Phdr *ph = (const Elf64_Phdr *)(m + eh->e_phoff);
      const Elf64_Dyn *dyn = NULL;
      size_t count = 0;
      for (int i = 0; i < eh->e_phnum; i++)
        if (ph[i].p_type == PT_DYNAMIC) { dyn = (const Elf64_Dyn *)(m + ph[i].p_offset); count = ph[i].p_filesz / sizeof *dyn; }
      Elf64_Addr strtab = 0;
      const char *runpath = NULL;
      for (size_t i = 0; i < count; i++) if (dyn[i].d_tag == DT_STRTAB) strtab = dyn[i].d_un.d_ptr;
      const char *strings = NULL;
      for (int i = 0; i < eh->e_phnum; i++)
        if (ph[i].p_type == PT_LOAD && strtab >= ph[i].p_vaddr && strtab < ph[i].p_vaddr + ph[i].p_filesz)
          strings = (const char *)(m + strtab - ph[i].p_vaddr + ph[i].p_offset);
      if (!strings) goto done;
      for (size_t i = 0; i < count; i++)
        if (dyn[i].d_tag == DT_RUNPATH || dyn[i].d_tag == DT_RPATH) runpath = strings + dyn[i].d_un.d_val;
      char origin[4096];
      snprintf(origin, sizeof origin, "%s", tests);
      char *slash = strrchr(origin, '/');
      if (slash) *slash = 0; else snprintf(origin, sizeof origin, ".");
      for (size_t i = 0; i < count; i++) {
        if (dyn[i].d_tag != DT_NEEDED) continue;
        const char *name = strings + dyn[i].d_un.d_val;
        int skipped = 0;
        for (int s = 0; s < skips; s++) if (strcmp(name, skip[s]) == 0) skipped = 1;
        if (skipped) continue;
        int loaded = 0;
        if (runpath) {
          char dirs[8192];
          snprintf(dirs, sizeof dirs, "%s", runpath);
          for (char *dir = strtok(dirs, ":"); dir && !loaded; dir = strtok(NULL, ":")) {
            char path[8192];
            if (strncmp(dir, "$ORIGIN", 7) == 0) snprintf(path, sizeof path, "%s%s/%s", origin, dir + 7, name);
            else snprintf(path, sizeof path, "%s/%s", dir, name);
            if (access(path, R_OK) == 0 && dlopen(path, RTLD_NOW | RTLD_GLOBAL)) loaded = 1;
          }
        }
        if (!loaded) dlopen(name, RTLD_NOW | RTLD_GLOBAL);  // a system library, or the child's to find
      }
    done:
      munmap((void *)m, st.st_size);
    }

    struct run { char *out, *err; int nlibs; char **libs; int argc; char **argv; };

    // The child: its output to its files, its libraries, then the tests' main with its arguments.
    static void child(const char *tests, const struct run *r, pid_t parent) {
      setpgid(0, 0);
      if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || getppid() != parent) _exit(127);
      int in = open("/dev/null", O_RDONLY);
      int out = open(r->out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      int err = open(r->err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
      // Output past 64 MB is dropped, not left to fill the disk (the event stream is far smaller).
      struct rlimit size = {64 << 20, 64 << 20};
      setrlimit(RLIMIT_FSIZE, &size);
      signal(SIGXFSZ, SIG_IGN);
      for (int i = 0; i < r->nlibs; i++)
        if (!dlopen(r->libs[i], RTLD_NOW | RTLD_GLOBAL)) { dprintf(2, "ditutor-launcher: %s\n", dlerror()); _exit(127); }
      void *handle = dlopen(tests, RTLD_NOW | RTLD_GLOBAL);
      if (!handle) { dprintf(2, "ditutor-launcher: %s\n", dlerror()); _exit(127); }
      void (*arguments)(char **, int) = (void (*)(char **, int))dlsym(RTLD_DEFAULT, "_swift_stdlib_overrideUnsafeArgvArgc");
      int (*entry)(int, char **) = (int (*)(int, char **))dlsym(handle, "main");
      if (!arguments || !entry) { dprintf(2, "ditutor-launcher: no main, or no way to pass it arguments\n"); _exit(127); }
      arguments(r->argv, r->argc);
      exit(entry(r->argc, r->argv));
    }

    int main(int argc, char **argv) {
      if (argc < 6) { dprintf(2, "usage: launcher TESTS JOBS TIMEOUT_MS N SONAME... RUNS RUN...\n"); return 2; }
      int a = 1;
      const char *tests = argv[a++];
      int jobs = atoi(argv[a++]);
      long long timeout = atoll(argv[a++]) * 1000;
      int skips = atoi(argv[a++]);
      char **skip = argv + a;
      a += skips;
      if (a >= argc) return 2;
      int runs = atoi(argv[a++]);
      struct run *all = calloc(runs > 0 ? runs : 1, sizeof *all);
      for (int i = 0; i < runs; i++) {
        if (a + 3 > argc) return 2;
        all[i].out = argv[a++];
        all[i].err = argv[a++];
        all[i].nlibs = atoi(argv[a++]);
        all[i].libs = argv + a;
        a += all[i].nlibs;
        if (a >= argc) return 2;
        all[i].argc = atoi(argv[a++]);
        if (a + all[i].argc > argc) return 2;
        // The child's own argument vector, ending in NULL as main expects.
        all[i].argv = calloc(all[i].argc + 1, sizeof(char *));
        for (int k = 0; k < all[i].argc; k++) all[i].argv[k] = argv[a + k];
        a += all[i].argc;
      }
      if (jobs < 1) jobs = 1;
      preload(tests, skip, skips);

      pid_t parent = getpid();
      pid_t *pids = calloc(runs > 0 ? runs : 1, sizeof *pids);
      long long *started = calloc(runs > 0 ? runs : 1, sizeof *started);
      char *killed = calloc(runs > 0 ? runs : 1, 1);
      int next = 0, running = 0;
      while (next < runs || running > 0) {
        while (running < jobs && next < runs) {
          pid_t pid = fork();
          if (pid == 0) child(tests, &all[next], parent);
          if (pid < 0) { dprintf(1, "%d exited 127 0\n", next); next++; continue; }
          pids[next] = pid;
          started[next] = now_us();
          next++;
          running++;
        }
        int status;
        pid_t done = waitpid(-1, &status, WNOHANG);
        if (done > 0) {
          for (int i = 0; i < next; i++) {
            if (pids[i] != done) continue;
            long long took = now_us() - started[i];
            if (killed[i]) dprintf(1, "%d timedout 0 %lld\n", i, took);
            else if (WIFEXITED(status)) dprintf(1, "%d exited %d %lld\n", i, WEXITSTATUS(status), took);
            else if (WIFSIGNALED(status)) dprintf(1, "%d signalled %d %lld\n", i, WTERMSIG(status), took);
            pids[i] = 0;
            running--;
            kill(-done, SIGKILL);  // what it started, in its group
          }
          continue;
        }
        if (done < 0 && errno != EINTR && errno != ECHILD) break;
        long long now = now_us();
        for (int i = 0; i < next; i++)
          if (pids[i] > 0 && !killed[i] && now - started[i] > timeout) { killed[i] = 1; kill(-pids[i], SIGKILL); kill(pids[i], SIGKILL); }
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
      }
      return 0;
    }
    """#
}
