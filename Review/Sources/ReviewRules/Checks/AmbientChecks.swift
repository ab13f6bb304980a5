import SwiftSyntax

/// `hidden-input`: `Date()`, `Date.now`, `UUID()`, or randomness without a generator, read
/// inside a type's methods or a helper, where a test cannot choose them. Naming them is fine
/// where live services are chosen (see ``Place/mayNameLiveServices(_:)``).
struct HiddenInputCheck: Check {
  let id = "hidden-input"

  final class Visitor: RemarkVisitor {
    lazy var matcher = ExpressionMatcher(patterns: settings.names("expressions") + settings.names("calls"))
    lazy var randomness = Set(settings.names("randomness"))

    private func found(_ what: String?, at node: some SyntaxProtocol) {
      guard let what else { return }
      let place = Place(of: node)
      guard !place.mayNameLiveServices(outline) else { return }
      remarks.append(file.remark("hidden-input", at: node, "`\(what)` read directly in `\(place.description)`"))
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      if let match = matcher.match(node) {
        found(match, at: node)
      } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
        randomness.contains(member.declName.baseName.text), !node.arguments.contains(where: { $0.label?.text == "using" })
      {
        // `Int.random(in:)`, `names.shuffled()`: the system's generator, which no test can seed.
        found(node.calledExpression.code + "(…)", at: node)
      }
      return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
      found(matcher.match(node), at: node)
      return .visitChildren
    }
  }
}

/// `global-singleton`: `URLSession.shared`, `FileManager.default`, `Analytics.shared` used
/// inside another type's methods. A type naming its own `shared` is left alone, so is a
/// `shared` that a locator call is made on (`service-locator` says that one), and so is an enum
/// case or a struct's static value that happens to be called `standard` or `default`.
struct GlobalSingletonCheck: Check {
  let id = "global-singleton"
  static let locatorMethods: Set<String> = ["resolve", "locate", "service"]

  final class Visitor: RemarkVisitor {
    lazy var members = Set(settings.names("members"))

    /// The type an implicit `.shared` belongs to: the annotation of the property or constant it
    /// sets (`let session: URLSession = .shared`).
    private func implicitBase(_ node: MemberAccessExprSyntax) -> String? {
      guard let clause = node.parent?.as(InitializerClauseSyntax.self),
        let binding = clause.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type
      else { return nil }
      return Outline.baseName(of: type)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
      guard members.contains(node.declName.baseName.text) else { return .visitChildren }
      let type: String
      if let base = node.base {
        guard let reference = base.as(DeclReferenceExprSyntax.self), reference.namesAType else { return .visitChildren }
        type = reference.baseName.text
      } else {
        guard let annotated = implicitBase(node) else { return .visitChildren }
        type = annotated
      }
      if let outer = node.parent?.as(MemberAccessExprSyntax.self),
        GlobalSingletonCheck.locatorMethods.contains(outer.declName.baseName.text)
      {
        return .visitChildren
      }
      let place = Place(of: node)
      // `Self.shared` or `Cache.shared` inside `Cache`: the type's own storage, not a service
      // it reaches for. `Shipping.standard`: a value.
      guard type != "Self", !place.types.contains(type), !outline.isValue(node.declName.baseName.text, of: type),
        !place.mayNameLiveServices(outline)
      else {
        return .visitChildren
      }
      remarks.append(file.remark("global-singleton", at: node, "`\(node.base == nil ? type + node.code : node.code)` used directly in `\(place.description)`"))
      return .visitChildren
    }
  }
}

/// `service-locator`: `Container.shared.resolve(Payments.self)` or `Services.resolve()` (a
/// method the settings name, on a type or its static instance, with a type to look up), or a
/// property wrapper that does the same (`@Injected`), outside the composition root.
struct ServiceLocatorCheck: Check {
  let id = "service-locator"

  final class Visitor: RemarkVisitor {
    lazy var methods = Set(settings.names("methods"))
    lazy var wrappers = Set(settings.names("wrappers"))

    /// `Services` or `Container.shared` (a type, or a static member of one): something every
    /// caller reaches the same way. The type's name, if so.
    private func globalType(_ base: ExprSyntax?) -> String? {
      if let reference = base?.as(DeclReferenceExprSyntax.self), reference.namesAType { return reference.baseName.text }
      if let member = base?.as(MemberAccessExprSyntax.self), let reference = member.base?.as(DeclReferenceExprSyntax.self),
        reference.namesAType
      {
        return reference.baseName.text
      }
      return nil
    }

    /// A lookup by type: `resolve(Payments.self)`, or `resolve()` with the type inferred.
    /// `Conflict.resolve(local, remote)` is a plain function.
    private static func looksUpAType(_ node: FunctionCallExprSyntax) -> Bool {
      node.arguments.isEmpty || node.arguments.contains { $0.expression.code.hasSuffix(".self") }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      guard let callee = node.calledExpression.as(MemberAccessExprSyntax.self),
        methods.contains(callee.declName.baseName.text), let type = globalType(callee.base), Self.looksUpAType(node)
      else { return .visitChildren }
      let place = Place(of: node)
      // The registry's own shorthand (`Container.resolve` calling `Container.shared.resolve`).
      guard !place.types.contains(type), !(place.isTopLevel || place.isCompositionRoot(outline) || place.isLiveFactory(outline)) else {
        return .visitChildren
      }
      remarks.append(file.remark("service-locator", at: node, "`\(callee.code)(…)` fetches a dependency in `\(place.description)`"))
      return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
      let name = node.attributeName.trimmedDescription
      guard wrappers.contains(name), let variable = node.parent?.parent?.as(VariableDeclSyntax.self) else { return .skipChildren }
      let place = Place(of: variable)
      guard !(place.isCompositionRoot(outline)) else { return .skipChildren }
      let property = variable.bindings.first?.pattern.trimmedDescription ?? "property"
      remarks.append(
        file.remark(
          "service-locator", at: node, "`@\(name) var \(property)` fetches a dependency from a registry in `\(place.description)`"))
      return .skipChildren
    }
  }
}
