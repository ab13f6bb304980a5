import SwiftSyntax

/// `unwrapped-property`: a stored `var x: T!` in a type: property injection that leaves the
/// object half-built until someone sets it.
struct UnwrappedPropertyCheck: Check {
  let id = "unwrapped-property"

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      guard node.bindingSpecifier.tokenKind == .keyword(.var), let type = Place.enclosingType(of: Syntax(node)) else {
        return .skipChildren
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

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    lazy var values = Set(settings.names("values"))
    lazy var limit = settings.number("limit") ?? 5

    private func isValue(_ type: TypeSyntax) -> Bool {
      var type = type
      if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
      if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return true }
      return values.contains(Outline.baseName(of: type))
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

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
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

/// `concrete-boundary`: a stored property typed as one conformer (`SystemClock`) of a protocol
/// the code declares (`Clock`) and the tests stand in for, in a type that is not that
/// protocol's conformer itself (a decorator) nor the composition root.
struct ConcreteBoundaryCheck: Check {
  let id = "concrete-boundary"

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      guard !Place.isStatic(node.modifiers), let owner = Place.enclosingType(of: Syntax(node)) else { return .skipChildren }
      guard !(owner.hasSuffix("Root") || owner.hasPrefix("Live")) else { return .skipChildren }
      for binding in node.bindings where binding.accessorBlock == nil {
        guard let type = binding.typeAnnotation?.type, !type.is(SomeOrAnyTypeSyntax.self) else { continue }
        let name = Outline.baseName(of: type)
        // A boundary the tests use: a protocol some test's double conforms to.
        let boundaries = outline.boundaries(of: name).subtracting(outline.boundaries(of: owner)).filter(outline.isSubstituted)
        guard outline.types.contains(name), let boundary = boundaries.sorted().first else { continue }
        remarks.append(
          file.remark(
            "concrete-boundary", at: binding,
            "`\(owner).\(binding.pattern.trimmedDescription)` is a `\(name)`, though `\(boundary)` is the boundary it conforms to"))
      }
      return .skipChildren
    }
  }
}
