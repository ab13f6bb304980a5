/// What the session answers to one line of input.
public struct Response: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    case succeeded
    /// The command could not do what was asked (an unknown command, a lesson that does not
    /// exist). In a script this makes the exit status non-zero.
    case failed
  }

  /// A question to put to the learner before going on: a `y` answer runs `command`; anything
  /// else leaves everything as it was, and `declined` says so.
  public struct Confirmation: Sendable, Equatable {
    public var question: String
    public var command: String
    public var declined: String

    public init(question: String, command: String, declined: String = "Nothing was changed.") {
      self.question = question
      self.command = command
      self.declined = declined
    }
  }

  /// A lesson page the answer shows. It counts as read once the learner has seen all of it:
  /// right away when it fits the screen, after the last "more" when it does not.
  public struct Reading: Sendable, Equatable {
    public var lesson: String
    public var page: Int

    public init(lesson: String, page: Int) {
      self.lesson = lesson
      self.page = page
    }
  }

  public var document: Document
  public var outcome: Outcome
  public var shouldExit: Bool
  public var confirmation: Confirmation?
  /// Wipe the screen before showing `document` (the `clear` command).
  public var clearsScreen: Bool
  /// The lesson page in `document`, if any, to be marked read once all of it is on screen.
  public var reading: Reading?

  public init(
    _ document: Document, outcome: Outcome = .succeeded, shouldExit: Bool = false, confirmation: Confirmation? = nil,
    clearsScreen: Bool = false, reading: Reading? = nil
  ) {
    self.document = document
    self.outcome = outcome
    self.shouldExit = shouldExit
    self.confirmation = confirmation
    self.clearsScreen = clearsScreen
    self.reading = reading
  }

  /// The same answer with `blocks` shown before its document.
  func prepending(_ blocks: [Block]) -> Response {
    var copy = self
    copy.document = Document(blocks) + document
    return copy
  }

  static func failure(_ inlines: [Inline], _ more: [Block] = []) -> Response {
    Response(Document([.notice(.error, inlines)] + more), outcome: .failed)
  }
}
