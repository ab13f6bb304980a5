/// A dependency-injection container a class can drive by typing: `register`, `resolve`,
/// `scope begin`, `graph`. The session enters it with `sandbox` and leaves it with `exit`; the
/// live one (the `Sandbox` module) is DIKit over toy services, so what the class sees is a real
/// container's behaviour and its real error texts.
public protocol ContainerSandbox: Sendable {
  /// Answers one line typed in the sandbox.
  func handle(_ line: String) -> SandboxAnswer
  /// The words Tab may complete after `beforeCursor`: commands first, then what each takes
  /// (`resolve` offers the services registered so far).
  func completions(after beforeCursor: String) -> [String]
  /// What the sandbox says when the learner enters it.
  var welcome: Document { get }
}

public struct SandboxAnswer: Sendable {
  public var document: Document
  public var failed: Bool
  /// `exit`: back to the tutorial.
  public var leaves: Bool
  /// `clear`: the screen starts empty, as the tutorial's `clear` does.
  public var clearsScreen: Bool

  public init(_ document: Document, failed: Bool = false, leaves: Bool = false, clearsScreen: Bool = false) {
    self.document = document
    self.failed = failed
    self.leaves = leaves
    self.clearsScreen = clearsScreen
  }
}
