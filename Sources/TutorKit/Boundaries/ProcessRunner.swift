import Foundation

/// Starts a program and waits for it: the one way the engine runs anything (`swift test`).
/// The live version is ``LocalProcessRunner``; tests hand in a scripted one.
public protocol ProcessRunner: Sendable {
  /// Runs the request to the end, a timeout, or the calling task's cancellation, whichever
  /// comes first. A timed-out or cancelled program is killed with everything it started.
  func run(_ request: ProcessRequest) async throws -> ProcessOutcome
  /// The absolute path of `name` on the `PATH`, or nil.
  func locate(_ name: String) -> String?
  /// Stops every process (but this one and what it is running now) whose environment has
  /// `variable` set to `value`, with everything it started: what a killed ditutor left
  /// running. Returns how many it found.
  func stopProcesses(carrying variable: String, value: String) -> Int
}

/// A file a program writes while it runs, which the runner watches. The time limit starts when it
/// appears (for a check: Swift Testing's event stream, so the compiler's time does not count),
/// and once it holds `endMarker` the run's work is complete: the program then gets a moment to
/// exit, and is stopped if it does not, as a finished run. (`swift test` waits for its output
/// pipes to close, which a process the tests left behind can hold open for ever.)
public struct WatchedFile: Sendable, Equatable {
  public var path: String
  public var endMarker: String?

  public init(path: String, endMarker: String? = nil) {
    self.path = path
    self.endMarker = endMarker
  }
}

public struct ProcessRequest: Sendable {
  public var executable: String
  public var arguments: [String]
  public var environment: [String: String]
  /// How long the program may run once `watch`'s file appears (from the start when there is
  /// no `watch`). For a check: the tests' time, not the compiler's.
  public var timeout: Duration
  /// The file that starts the clock and says when the work is done (see ``WatchedFile``).
  public var watch: WatchedFile?
  /// An upper bound on the whole run, whatever `watch` says.
  public var hardLimit: Duration
  /// Bytes of each output stream kept: half from the start, half from the end.
  public var outputLimit: Int
  /// What a request keeps unless it says otherwise.
  public static let defaultOutputLimit = 1 << 20
  /// Whether the program may start others that outlive it (it runs the learner's code, or
  /// tests): then a runner that adopts orphans looks for them afterwards. A compiler job does
  /// not, and skips the look (a walk of every process on the machine).
  public var mayLeaveProcesses: Bool
  /// The folder the program starts in; nil: ditutor's own, which is wherever the learner
  /// started it (inside an exercise's `Sources/`, say), so nothing that writes files uses nil.
  public var workingDirectory: String?

  public init(
    executable: String, arguments: [String], environment: [String: String], workingDirectory: String? = nil,
    timeout: Duration, watch: WatchedFile? = nil, hardLimit: Duration = .seconds(1800),
    outputLimit: Int = Self.defaultOutputLimit, mayLeaveProcesses: Bool = true
  ) {
    self.workingDirectory = workingDirectory
    self.watch = watch
    self.mayLeaveProcesses = mayLeaveProcesses
    self.executable = executable
    self.arguments = arguments
    self.environment = environment
    self.timeout = timeout
    self.hardLimit = hardLimit
    self.outputLimit = outputLimit
  }
}

public struct ProcessOutcome: Sendable, Equatable {
  public enum Ending: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
    case cancelled
  }

  public var ending: Ending
  public var standardOutput: String
  public var standardError: String
  /// Output that did not fit `outputLimit` and was dropped from the middle.
  public var droppedBytes: Int
  public var duration: Duration

  public init(ending: Ending, standardOutput: String = "", standardError: String = "", droppedBytes: Int = 0, duration: Duration = .zero) {
    self.ending = ending
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.droppedBytes = droppedBytes
    self.duration = duration
  }
}
