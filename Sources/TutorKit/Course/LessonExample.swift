/// A runnable example of a lesson (` ```swift example: before `), for the REPL's `run`.
public struct LessonExample: Sendable, Equatable {
  public var name: String
  public var code: String
  /// Where it is, for the learner: `Lessons/02-constructor-injection.md:120`.
  public var location: String
  /// Compiled against DIKit (` ```swift dikit example: … `), so it may `import DIKit`.
  public var usesDIKit: Bool

  public init(name: String, code: String, location: String, usesDIKit: Bool = false) {
    self.name = name
    self.code = code
    self.location = location
    self.usesDIKit = usesDIKit
  }
}

/// Compiles and runs a lesson's example. The live version uses `swiftc`; tests use a fake.
public protocol ExampleRunning: Sendable {
  /// The program's output, or what went wrong, as a verdict-like value.
  func run(_ example: LessonExample) async throws -> ExampleRun
}

public struct ExampleRun: Sendable, Equatable {
  public enum Status: Sendable, Equatable {
    case ran, didNotCompile, failed, timedOut, cancelled
  }

  public var status: Status
  public var output: String

  public init(status: Status, output: String) {
    self.status = status
    self.output = output
  }
}
