/// What the session answers to one line of input.
public struct Response: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    case succeeded
    /// The command could not do what was asked (an unknown command, a lesson that does not
    /// exist). In a script this makes the exit status non-zero.
    case failed
  }

  /// A question to put to the learner before going on: a `y` answer runs `command`.
  public struct Confirmation: Sendable, Equatable {
    public var question: String
    public var command: String
  }

  public var document: Document
  public var outcome: Outcome
  public var shouldExit: Bool
  public var confirmation: Confirmation?
  /// Wipe the screen before showing `document` (the `clear` command).
  public var clearsScreen: Bool

  public init(
    _ document: Document, outcome: Outcome = .succeeded, shouldExit: Bool = false, confirmation: Confirmation? = nil,
    clearsScreen: Bool = false
  ) {
    self.document = document
    self.outcome = outcome
    self.shouldExit = shouldExit
    self.confirmation = confirmation
    self.clearsScreen = clearsScreen
  }

  static func failure(_ inlines: [Inline], _ more: [Block] = []) -> Response {
    Response(Document([.notice(.error, inlines)] + more), outcome: .failed)
  }
}
