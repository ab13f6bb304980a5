import SwiftSyntax

/// `working-double`: in the learner's tests, a stand-in for a protocol of the code (a type
/// conforming to one) that sleeps, reads the real clock, or reaches the network or the disk.
struct WorkingDoubleCheck: Check {
  let id = "working-double"

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    lazy var matcher = ExpressionMatcher(patterns: settings.names("calls"))

    private func found(_ pattern: String?, at node: some SyntaxProtocol) {
      guard let pattern else { return }
      let place = Place(of: node)
      guard let type = place.type, !outline.boundaries(of: type).isEmpty else { return }
      remarks.append(
        file.remark("working-double", at: node, "the double `\(place.description)` calls `\(pattern)`: it should answer at once"))
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

/// `unguarded-unchecked-sendable`: a class marked `@unchecked Sendable` with a stored instance
/// `var` and no lock among its properties (any the settings' `guards` name).
struct UncheckedSendableCheck: Check {
  let id = "unguarded-unchecked-sendable"

  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }

  private final class Visitor: RemarkVisitor {
    lazy var guards = settings.names("guards")

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      let unchecked = (node.inheritanceClause?.inheritedTypes ?? []).contains { inherited in
        guard let attributed = inherited.type.as(AttributedTypeSyntax.self) else { return false }
        return Outline.baseName(of: attributed.baseType) == "Sendable"
          && attributed.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "unchecked" }
      }
      guard unchecked else { return .visitChildren }
      var mutable: [String] = []
      var guarded = false
      for member in node.memberBlock.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
        let text = variable.bindings.trimmedDescription
        if guards.contains(where: { text.contains($0) }) { guarded = true }
        guard variable.bindingSpecifier.tokenKind == .keyword(.var), !Place.isStatic(variable.modifiers) else { continue }
        for binding in variable.bindings where binding.accessorBlock == nil || Self.onlyObserves(binding.accessorBlock!) {
          mutable.append(binding.pattern.trimmedDescription)
        }
      }
      if !mutable.isEmpty && !guarded {
        let names = mutable.map { "`\($0)`" }.joined(separator: ", ")
        remarks.append(
          file.remark(
            "unguarded-unchecked-sendable", at: node.name,
            "`\(node.name.text)` is `@unchecked Sendable`, but \(names) \(mutable.count == 1 ? "is a plain `var`" : "are plain `var`s") with no lock"))
      }
      return .visitChildren
    }

    /// `willSet`/`didSet` only: still stored.
    static func onlyObserves(_ block: AccessorBlockSyntax) -> Bool {
      guard case let .accessors(accessors) = block.accessors else { return false }
      return accessors.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }
  }
}
