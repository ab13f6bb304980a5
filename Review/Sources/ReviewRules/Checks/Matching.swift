import SwiftSyntax

/// Finds the expressions a rule lists in its settings, written as the learner would write them,
/// however the code is laid out: `Date()` (a call without arguments), `Date.now` or `.now` (a
/// member), `Thread.sleep` (a call with any arguments), `Data(contentsOf:)` (a call with those
/// labels); and `methods`, called on any receiver (`asyncAfter`).
struct ExpressionMatcher {
  let patterns: [String]
  var methods: [String] = []

  /// The pattern `node` matches, if any.
  func match(_ node: FunctionCallExprSyntax) -> String? {
    let callee = node.calledExpression.code
    let bare = node.arguments.isEmpty && node.trailingClosure == nil
    if bare, patterns.contains(callee + "()") { return callee + "()" }
    let labelled = callee + "(" + node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
    if !node.arguments.isEmpty, patterns.contains(labelled) { return labelled }
    if patterns.contains(callee) { return callee }
    if let member = node.calledExpression.as(MemberAccessExprSyntax.self), methods.contains(member.declName.baseName.text) {
      return member.declName.baseName.text
    }
    return nil
  }

  /// The pattern a member access that is not itself called matches: `Date.now`, `.now`,
  /// `URLSession.shared` (also as the base of `.data(from:)`).
  func match(_ node: MemberAccessExprSyntax) -> String? {
    if node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id { return nil }
    let text = node.code
    return patterns.contains(text) ? text : nil
  }
}

/// A visitor that keeps what it finds.
class RemarkVisitor: SyntaxVisitor {
  let file: SourceFile
  let outline: Outline
  let settings: RuleBook.Settings
  var remarks: [Remark] = []

  required init(file: SourceFile, outline: Outline, settings: RuleBook.Settings) {
    self.file = file
    self.outline = outline
    self.settings = settings
    super.init(viewMode: .sourceAccurate)
  }

  static func run(_ file: SourceFile, _ outline: Outline, _ settings: RuleBook.Settings) -> [Remark] {
    let visitor = Self(file: file, outline: outline, settings: settings)
    visitor.walk(file.tree)
    return visitor.remarks
  }
}

extension DeclReferenceExprSyntax {
  /// `URLSession`, not `session`: a type's name, by Swift's naming convention.
  var namesAType: Bool { baseName.text.first?.isUppercase ?? false }
}
