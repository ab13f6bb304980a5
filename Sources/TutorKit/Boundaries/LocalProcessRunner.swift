import CProcessControl
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs programs on this machine (``ChildProcess``), each in a process group of its own, reading
/// its output as it comes (bounded, so a test that prints gigabytes cannot exhaust memory).
///
/// On a timeout or cancellation it kills the program and every process it started, found by
/// walking the process tree (SwiftPM starts the test runner in a group of its own), so no
/// `swift-build` or test process is left behind.
///
/// A process can leave the tree: a test that runs `setsid sleep 1000` and exits orphans the
/// sleep. When ditutor is the child subreaper (the executable makes it one at start), orphans
/// become ditutor's own children; after every run, any child of ditutor that is not a program
/// some run is waiting for is such an escapee, and it is stopped with everything it started.
public struct LocalProcessRunner: ProcessRunner {
  /// The programs runs are waiting for right now: ditutor's only legitimate children.
  public final class Children: Sendable {
    private let running = Mutex<Set<pid_t>>([])

    public init() {}

    /// Starts a child and counts it as one before a sweep can see it: a sweep on another thread
    /// between the two would take it for an escapee and kill it (runs side by side, as a
    /// write-the-test check's planted bugs go, met that within a few checks).
    func spawning(_ spawn: () throws -> pid_t) throws -> pid_t {
      try running.withLock { running in
        let pid = try spawn()
        running.insert(pid)
        return pid
      }
    }
    /// Of `candidates`, those not counted, decided while no child is being started.
    func strays(_ candidates: () -> [pid_t]) -> [pid_t] {
      running.withLock { running in candidates().filter { !running.contains($0) } }
    }
    var all: Set<pid_t> { running.withLock { $0 } }
    func remove(_ pid: pid_t) { _ = running.withLock { $0.remove(pid) } }
    func contains(_ pid: pid_t) -> Bool { running.withLock { $0.contains(pid) } }
  }

  private let children: Children
  private let stopsEscapees: Bool

  /// - Parameters:
  ///   - children: shared by every runner of the process, so that the sweep after one run does
  ///     not take another's program for an escapee.
  ///   - stopsEscapees: sweep after every run. Only for a process that is the subreaper of what
  ///     it starts and creates every child through runners sharing `children` (the executable).
  public init(children: Children = Children(), stopsEscapees: Bool = false) {
    self.children = children
    self.stopsEscapees = stopsEscapees
  }

  public func locate(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  public func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
    let control = Control()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let children = self.children
        let stopsEscapees = self.stopsEscapees
        Thread.detachNewThread {
          let result = Result { try Self.runToEnd(request, control: control, children: children) }
          if stopsEscapees && request.mayLeaveProcesses { Self.stopEscapees(children: children) }
          continuation.resume(with: result)
        }
      }
    } onCancel: {
      control.cancel()
    }
  }

  /// Shared between the waiting thread and the task's cancellation handler.
  final class Control: Sendable {
    private let cancelled = Mutex(false)
    func cancel() { cancelled.withLock { $0 = true } }
    var isCancelled: Bool { cancelled.withLock { $0 } }
  }

  private static func runToEnd(_ request: ProcessRequest, control: Control, children: Children) throws -> ProcessOutcome {
    let clock = ContinuousClock()
    let start = clock.now
    // Close-on-exec, all four ends: a program started at the same time on another thread must
    // not inherit this one's write ends, or this run would not see its output end until that
    // program exits too. The child's own copies (its 1 and 2, made by dup2) stay open.
    var outputPipe: [Int32] = [0, 0]
    var errorPipe: [Int32] = [0, 0]
    guard ditutor_pipe_cloexec(&outputPipe) == 0 else { throw ProcessError.spawn(request.executable, errno) }
    guard ditutor_pipe_cloexec(&errorPipe) == 0 else {
      outputPipe.forEach { close($0) }
      throw ProcessError.spawn(request.executable, errno)
    }

    // A group of its own: Ctrl-C at the terminal reaches ditutor, which decides what to stop.
    let pid: pid_t
    do {
      pid = try children.spawning {
        try ChildProcess.spawn(
          request.executable, arguments: request.arguments, environment: request.environment,
          directory: request.workingDirectory, input: .null, output: .descriptor(outputPipe[1]), error: .descriptor(errorPipe[1]))
      }
    } catch {
      for descriptor in outputPipe + errorPipe { close(descriptor) }
      throw error
    }
    defer { children.remove(pid) }
    close(outputPipe[1])
    close(errorPipe[1])

    var output = BoundedCapture(limit: request.outputLimit / 2)
    var error = BoundedCapture(limit: request.outputLimit / 2)
    var open = [outputPipe[0], errorPipe[0]]
    var timeoutStart: ContinuousClock.Instant? = request.watch == nil ? start : nil
    var ending: ProcessOutcome.Ending?
    var killedAt: ContinuousClock.Instant?
    var exitedAt: ContinuousClock.Instant?
    var finishedAt: ContinuousClock.Instant?
    var lastLook = start
    /// How much of the watched file has been searched for its end marker: each look reads only
    /// what was written since (a course's event stream grows to megabytes, and reading it whole
    /// four times a second cost `verify` seconds of a core).
    var searched: UInt64 = 0
    var lastWake = start
    var hardStart = start
    var status: Int32 = 0
    var buffer = [UInt8](repeating: 0, count: 65536)

    while !open.isEmpty {
      var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&descriptors, nfds_t(descriptors.count), 50)
      if ready > 0 {
        for descriptor in descriptors where descriptor.revents != 0 {
          let count = read(descriptor.fd, &buffer, buffer.count)
          if count > 0 {
            if descriptor.fd == outputPipe[0] {
              output.append(buffer[0..<count])
            } else {
              error.append(buffer[0..<count])
            }
          } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(descriptor.fd)
            open.removeAll { $0 == descriptor.fd }
          }
        }
      }
      let now = clock.now
      // This loop wakes every 50 ms; a longer silence means ditutor itself was stopped (Ctrl-Z,
      // with the program paused too): that time is not the program's to be timed out for.
      let silence = now - lastWake
      lastWake = now
      if silence > .seconds(2) {
        timeoutStart = timeoutStart.map { $0 + silence }
        hardStart = hardStart + silence
      }
      if exitedAt == nil, waitpid(pid, &status, WNOHANG) == pid { exitedAt = now }
      if let exitedAt, now - exitedAt > .milliseconds(500) {
        // The program is gone but something it started (an escapee in a session of its own)
        // still holds the pipes: the output is complete; the escapee is stopped after the run.
        open.forEach { close($0) }
        open = []
        break
      }
      if ending == nil && exitedAt == nil {
        if timeoutStart == nil, let watch = request.watch, FileManager.default.fileExists(atPath: watch.path) {
          timeoutStart = now
        }
        if finishedAt == nil, timeoutStart != nil, let watch = request.watch, let marker = watch.endMarker,
          now - lastLook > .milliseconds(250)
        {
          lastLook = now
          if Self.appended(to: watch.path, after: &searched, contains: Array(marker.utf8)) {
            finishedAt = now
          }
        }
        if let finishedAt, now - finishedAt > .seconds(1) {
          // Done, but held open by something it started: stop it as a finished run.
          terminateTree(of: pid)
          ending = .exited(0)
          open.forEach { close($0) }
          open = []
          break
        }
        if control.isCancelled {
          ending = .cancelled
        } else if let timeoutStart, now - timeoutStart > request.timeout {
          ending = .timedOut
        } else if now - hardStart > request.hardLimit {
          ending = .timedOut
        }
        if ending != nil {
          terminateTree(of: pid)
          killedAt = now
        }
      } else if let killedAt, now - killedAt > .seconds(3) {
        // Something outside the tree holds the pipes open; stop waiting for their end.
        open.forEach { close($0) }
        open = []
      }
    }

    if exitedAt == nil {
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    if ending == nil {
      ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }
    // A program killed by a signal may leave its children running; one that exited normally,
    // after its output closed, has none holding on (and the /proc walk costs a check time).
    if case .signalled = ending { terminateTree(of: pid) }
    return ProcessOutcome(
      ending: ending!, standardOutput: output.text, standardError: error.text,
      droppedBytes: output.dropped + error.dropped, duration: clock.now - start)
  }

  /// Whether what was written to `path` since `offset` (with the marker's length before it, for
  /// a marker written in two pieces) holds `marker`; moves `offset` to the end read.
  static func appended(to path: String, after offset: inout UInt64, contains marker: [UInt8]) -> Bool {
    guard !marker.isEmpty, let file = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? file.close() }
    let from = offset > UInt64(marker.count) ? offset - UInt64(marker.count) : 0
    guard (try? file.seek(toOffset: from)) != nil, let data = try? file.readToEnd(), !data.isEmpty else { return false }
    offset = from + UInt64(data.count)
    return data.range(of: Data(marker)) != nil
  }

  public func stopProcesses(carrying variable: String, value: String) -> Int {
    let mark = Array("\(variable)=\(value)".utf8)
    let me = getpid()
    let parents = ProcessTable.parentByChild()
    var found: [pid_t] = []
    for (pid, _) in parents where pid != me {
      // Ours (a run in progress, or what it started) are not leftovers.
      var ancestor = parents[pid]
      var ours = false
      while let current = ancestor, current > 1 {
        if current == me { ours = true; break }
        ancestor = parents[current]
      }
      guard !ours, let environment = ProcessTable.environment(of: pid) else { continue }
      if environment.split(separator: 0, omittingEmptySubsequences: true).contains(where: { $0.elementsEqual(mark) }) {
        found.append(pid)
      }
    }
    for pid in found { Self.terminateTree(of: pid) }
    return found.count
  }

  /// Stops (SIGSTOP) every program a run is waiting for, with all it started: ditutor is about
  /// to be suspended (Ctrl-Z), and a test left running would spin on with no one watching.
  public func pauseRunning() {
    for pid in children.all { Self.signalTree(of: pid, SIGSTOP) }
  }

  /// Lets them go on (SIGCONT) after ditutor was resumed.
  public func resumeRunning() {
    for pid in children.all { Self.signalTree(of: pid, SIGCONT) }
  }

  /// Stops every child of ditutor that no run is waiting for (escapees a subreaper adopted),
  /// with all they started, and collects their exit statuses so none lingers as a zombie.
  static func stopEscapees(children: Children) {
    let me = getpid()
    for _ in 0..<3 {
      // After every run, and while no other run can start: the short way when there is one.
      let strays = children.strays { ProcessTable.children(of: me) ?? ProcessTable.childrenByParent()[me] ?? [] }
      guard !strays.isEmpty else { return }
      for stray in strays { terminateTree(of: stray) }
      for stray in strays {
        var status: Int32 = 0
        let deadline = ContinuousClock.now + .seconds(2)
        while waitpid(stray, &status, WNOHANG) == 0 && ContinuousClock.now < deadline { usleep(5_000) }
      }
    }
  }

  /// Kills `pid`, its process group, and every descendant (and their groups).
  static func terminateTree(of pid: pid_t) {
    signalTree(of: pid, SIGKILL)
  }

  /// Sends `signal` to `pid`, its process group, and every descendant (and their groups).
  static func signalTree(of pid: pid_t, _ signal: Int32) {
    var victims = [pid]
    var children = ProcessTable.childrenByParent()
    var index = 0
    while index < victims.count {
      victims += children.removeValue(forKey: victims[index]) ?? []
      index += 1
    }
    for victim in victims {
      let group = getpgid(victim)
      if group > 1 && group != getpgrp() { killpg(group, signal) }
      kill(victim, signal)
    }
  }
}

public enum ProcessError: Error, CustomStringConvertible, Equatable {
  case spawn(String, Int32)

  public var description: String {
    switch self {
    case .spawn(let executable, let code): "Could not start \(executable): \(String(cString: strerror(code)))"
    }
  }
}
