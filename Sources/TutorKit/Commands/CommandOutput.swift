/// What a one-shot command shows: a document for people (the terminal draws it to its width),
/// or text for a program (JSON, JUnit, CSV…), printed as it is.
public enum CommandReport: Sendable {
  case document(Document)
  case text(String)
}

/// Why a one-shot command has no answer: a message the user can act on, and the exit status
/// (2 for a usage error, such as an exercise the course does not have; 1 otherwise).
public struct CommandFailure: Error, Sendable, Equatable {
  public var message: String
  public var status: Int32

  public init(message: String, status: Int32) {
    self.message = message
    self.status = status
  }
}
