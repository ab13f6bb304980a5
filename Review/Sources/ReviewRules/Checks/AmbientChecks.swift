import SwiftSyntax

/// `hidden-input`: `Date()`, `Date.now`, `UUID()` read inside a type's methods or a helper,
/// where a test cannot choose them. Naming them is fine where live services are chosen (see
/// ``Place/mayNameLiveServices(_:)``).
struct HiddenInputCheck: Check {
  let id = "hidden-input"

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    lazy var matcher = ExpressionMatcher(patterns: settings.names("expressions"))

    private func found(_ pattern: String?, at node: some SyntaxProtocol) {
      guard let pattern else { return }
      let place = Place(of: node)
      guard !place.mayNameLiveServices(outline) else { return }
      remarks.append(file.remark("hidden-input", at: node, "`\(pattern)` read directly in `\(place.description)`"))
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      found(matcher.match(node), at: node)
      return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
      found(matcher.match(node), at: node)
      return .visitChildren
    }
  }
}

/// `global-singleton`: `URLSession.shared`, `FileManager.default`, `Analytics.shared` used
/// inside another type's methods. A type naming its own `shared` is left alone, and so is a
/// `shared` that a locator call is made on (`service-locator` says that one).
struct GlobalSingletonCheck: Check {
  let id = "global-singleton"
  static let locatorMethods: Set<String> = ["resolve", "locate", "service"]

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    lazy var members = Set(settings.names("members"))

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
      guard members.contains(node.declName.baseName.text), let base = node.base?.as(DeclReferenceExprSyntax.self),
        base.namesAType
      else { return .visitChildren }
      if let outer = node.parent?.as(MemberAccessExprSyntax.self),
        GlobalSingletonCheck.locatorMethods.contains(outer.declName.baseName.text)
      {
        return .visitChildren
      }
      let place = Place(of: node)
      // `Self.shared` or `Cache.shared` inside `Cache`: the type's own storage, not a service it reaches for.
      guard base.baseName.text != "Self", place.type != base.baseName.text, !place.mayNameLiveServices(outline) else {
        return .visitChildren
      }
      remarks.append(file.remark("global-singleton", at: node, "`\(node.trimmedDescription)` used directly in `\(place.description)`"))
      return .visitChildren
    }
  }
}

/// `service-locator`: `Container.shared.resolve(…)` or `Services.resolve(…)` (a method the
/// settings name, on a type or a static member of one) outside the composition root.
struct ServiceLocatorCheck: Check {
  let id = "service-locator"

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    lazy var methods = Set(settings.names("methods"))

    /// `Services` or `Container.shared` (a type, or a static member of one): something every
    /// caller reaches the same way.
    private func isGlobal(_ base: ExprSyntax?) -> Bool {
      if let reference = base?.as(DeclReferenceExprSyntax.self) { return reference.namesAType }
      if let member = base?.as(MemberAccessExprSyntax.self) {
        return member.base?.as(DeclReferenceExprSyntax.self)?.namesAType ?? false
      }
      return false
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      guard let callee = node.calledExpression.as(MemberAccessExprSyntax.self),
        methods.contains(callee.declName.baseName.text), isGlobal(callee.base)
      else { return .visitChildren }
      let place = Place(of: node)
      guard !(place.isTopLevel || place.isCompositionRoot || place.isLiveFactory) else { return .visitChildren }
      remarks.append(
        file.remark("service-locator", at: node, "`\(callee.trimmedDescription)(…)` fetches a dependency in `\(place.description)`"))
      return .visitChildren
    }
  }
}
