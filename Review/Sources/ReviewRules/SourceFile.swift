import SwiftParser
import SwiftSyntax

/// A Swift file the review reads: one of the learner's (reviewed) or one beside them that tells
/// what the code is used with (the exercise's tests, a write-the-test exercise's subject).
public struct SourceFile: Sendable {
  /// Code that runs in the app, or tests and their doubles.
  public enum Role: String, Sendable {
    case code, tests
  }

  public var path: String
  public var role: Role
  /// Remarks are made on reviewed files only; the others are read for what they declare.
  public var reviewed: Bool
  let tree: SourceFileSyntax
  let converter: SourceLocationConverter

  public init(path: String, text: String, role: Role, reviewed: Bool) {
    self.path = path
    self.role = role
    self.reviewed = reviewed
    tree = Parser.parse(source: text)
    converter = SourceLocationConverter(fileName: path, tree: tree)
  }

  func remark(_ rule: String, at node: some SyntaxProtocol, _ message: String) -> Remark {
    let location = node.startLocation(converter: converter)
    return Remark(rule: rule, file: path, line: location.line, column: location.column, message: message)
  }
}
