/// One thing a reviewer would say about a line: which rule, where, and about what.
public struct Remark: Codable, Sendable, Equatable, Comparable {
  public var rule: String
  public var file: String
  public var line: Int
  public var column: Int
  /// What was found, in the words of this code: "`Date()` in `Invoice.isOverdue(_:)`".
  public var message: String

  public init(rule: String, file: String, line: Int, column: Int, message: String) {
    self.rule = rule
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public static func < (lhs: Remark, rhs: Remark) -> Bool {
    (lhs.file, lhs.line, lhs.column, lhs.rule) < (rhs.file, rhs.line, rhs.column, rhs.rule)
  }
}
