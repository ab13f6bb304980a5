import SwiftSyntax

/// `unwrapped-property`: a stored `var x: T!` in a type: property injection that leaves the
/// object half-built until someone sets it.
struct UnwrappedPropertyCheck: Check {
  let id = "unwrapped-property"

  final class Visitor: RemarkVisitor {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      // A property of a type (not a local), and not an outlet a storyboard sets (`@IBOutlet`).
      guard node.bindingSpecifier.tokenKind == .keyword(.var), node.parent?.is(MemberBlockItemSyntax.self) == true,
        !Place.names(node.attributes).contains("IBOutlet"), let type = Place.enclosingType(of: Syntax(node))
      else {
        return .visitChildren
      }
      for binding in node.bindings where binding.accessorBlock == nil {
        guard let annotation = binding.typeAnnotation, annotation.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) else {
          continue
        }
        remarks.append(
          file.remark(
            "unwrapped-property", at: binding,
            "`\(binding.pattern.trimmedDescription): \(annotation.type.trimmedDescription)` in `\(type)` is nil until someone sets it"))
      }
      return .skipChildren
    }
  }
}

/// `too-many-dependencies`: an `init` taking more services than the limit. Plain values
/// (the settings' `values`, and collections) are data, not dependencies.
struct TooManyDependenciesCheck: Check {
  let id = "too-many-dependencies"

  final class Visitor: RemarkVisitor {
    lazy var values = Set(settings.names("values"))
    lazy var limit = settings.number("limit") ?? 5

    /// Data, not a service: a plain value (the settings' `values`), a collection, a struct or an
    /// enum of the code, a nested `Member.ID`. Protocols, classes, actors and closures are services.
    private func isValue(_ type: TypeSyntax) -> Bool {
      var type = type
      if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
      if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = unwrapped.wrappedType }
      if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return true }
      if type.is(SomeOrAnyTypeSyntax.self) || type.is(FunctionTypeSyntax.self) || type.is(AttributedTypeSyntax.self) { return false }
      let name = Outline.baseName(of: type)
      if values.contains(name) || outline.isValueType(name) { return true }
      if type.is(MemberTypeSyntax.self) { return !outline.types.contains(name) || outline.isValueType(name) }
      return false
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      let services = node.signature.parameterClause.parameters.filter { !isValue($0.type) }
      guard services.count > limit else { return .skipChildren }
      let names = services.map { ($0.secondName ?? $0.firstName).text }.joined(separator: ", ")
      let type = Place.enclosingType(of: Syntax(node)) ?? "this type"
      remarks.append(
        file.remark(
          "too-many-dependencies", at: node.initKeyword,
          "`\(type).init` takes \(services.count) dependencies (\(names)); more than \(limit) is a type doing too much"))
      return .skipChildren
    }
  }
}

/// `lonely-protocol`: a protocol of the learner's code with one conformer, in the code and the
/// tests together: nothing stands in for it.
struct LonelyProtocolCheck: Check {
  let id = "lonely-protocol"

  final class Visitor: RemarkVisitor {
    lazy var skipSuffixes = settings.names("skipSuffixes")

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
      // A delegate is a callback the other side implements, not a seam for tests.
      guard !skipSuffixes.contains(where: { node.name.text.hasSuffix($0) }) else { return .skipChildren }
      let conformers = outline.conformers(of: node.name.text)
      // One conformer, in the code: a protocol that another refines, or whose one conformer is
      // a test's double (the test substitutes it), is a boundary.
      guard conformers.count == 1, !outline.protocols.contains(conformers[0]), outline.codeTypes.contains(conformers[0])
      else { return .skipChildren }
      remarks.append(
        file.remark(
          "lonely-protocol", at: node.protocolKeyword,
          "`\(node.name.text)` has one conformer, `\(conformers[0])`, and no test or second implementation stands in for it"))
      return .skipChildren
    }
  }
}

/// `concrete-boundary`: a stored property or an `init` parameter typed as one conformer
/// (`SystemClock`) of a protocol the code declares (`Clock`) and the tests stand in for, or a
/// stored property that builds one (`let clock = SystemClock()`), in a type that is not that
/// protocol's conformer itself (a decorator) nor the composition root.
struct ConcreteBoundaryCheck: Check {
  let id = "concrete-boundary"

  final class Visitor: RemarkVisitor {
    /// The boundary `name` is the real side of, seen from `owner`: nil when there is none, or
    /// when `owner` is on that boundary itself or is where the app is wired.
    private func boundary(of name: String, in owner: String) -> String? {
      guard outline.types.contains(name), !outline.isCompositionRoot(owner), !outline.isLiveImplementation(owner) else { return nil }
      return outline.boundaries(of: name).subtracting(outline.boundaries(of: owner)).filter(outline.isSubstituted).sorted().first
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      guard !Place.isStatic(node.modifiers), node.parent?.is(MemberBlockItemSyntax.self) == true,
        let owner = Place.enclosingType(of: Syntax(node))
      else { return .visitChildren }
      for binding in node.bindings where binding.accessorBlock == nil {
        let name: String
        if let type = binding.typeAnnotation?.type {
          guard !type.is(SomeOrAnyTypeSyntax.self) else { continue }
          name = Outline.baseName(of: type)
        } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
          let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
        {
          name = callee.baseName.text
        } else {
          continue
        }
        guard let boundary = boundary(of: name, in: owner) else { continue }
        remarks.append(
          file.remark(
            "concrete-boundary", at: binding,
            "`\(owner).\(binding.pattern.trimmedDescription)` is a `\(name)`, though `\(boundary)` is the boundary it conforms to"))
      }
      return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      guard let owner = Place.enclosingType(of: Syntax(node)) else { return .visitChildren }
      for parameter in node.signature.parameterClause.parameters where !parameter.type.is(SomeOrAnyTypeSyntax.self) {
        let name = Outline.baseName(of: parameter.type)
        guard let boundary = boundary(of: name, in: owner) else { continue }
        remarks.append(
          file.remark(
            "concrete-boundary", at: parameter,
            "`\(owner).init` takes `\((parameter.secondName ?? parameter.firstName).text)` as a `\(name)`, though `\(boundary)` is the boundary it conforms to"))
      }
      return .visitChildren
    }
  }
}
