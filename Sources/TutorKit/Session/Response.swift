/// What the session answers to one line of input.
public struct Response: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    case succeeded
    /// The command could not do what was asked (an unknown command, a lesson that does not
    /// exist). In a script this makes the exit status non-zero.
    case failed
  }

  public var document: Document
  public var outcome: Outcome
  public var shouldExit: Bool

  public init(_ document: Document, outcome: Outcome = .succeeded, shouldExit: Bool = false) {
    self.document = document
    self.outcome = outcome
    self.shouldExit = shouldExit
  }

  static func failure(_ inlines: [Inline], _ more: [Block] = []) -> Response {
    Response(Document([.notice(.error, inlines)] + more), outcome: .failed)
  }
}
