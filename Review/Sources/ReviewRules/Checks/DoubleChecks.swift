import SwiftSyntax

/// `working-double`: in the learner's tests, a stand-in for a protocol of the code (a type
/// conforming to one) that sleeps, reads the real clock, or reaches the network or the disk.
struct WorkingDoubleCheck: Check {
  let id = "working-double"

  final class Visitor: RemarkVisitor {
    lazy var matcher = ExpressionMatcher(patterns: settings.names("calls"), methods: settings.names("methods"))

    private func found(_ pattern: String?, at node: some SyntaxProtocol) {
      guard let pattern else { return }
      // A double: a type of the tests that conforms to something (the code's protocol, or a
      // standard one such as `Clock`). A test's own helper function may wait.
      let place = Place(of: node)
      guard let type = place.type, !(outline.conformances[type] ?? []).isEmpty else { return }
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

/// `unguarded-unchecked-sendable`: a class marked `@unchecked Sendable` (in its declaration
/// or an extension) with a stored instance `var`, no lock among its properties (a property whose
/// type or value names one of the settings' `guards`) and no global actor.
struct UncheckedSendableCheck: Check {
  let id = "unguarded-unchecked-sendable"

  final class Visitor: RemarkVisitor {
    lazy var guards = settings.names("guards")

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      let name = node.name.text
      guard outline.uncheckedSendable.contains(name), !outline.actorIsolated.contains(name) else { return .visitChildren }
      var mutable: [String] = []
      var guarded = false
      for member in node.memberBlock.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
        for binding in variable.bindings {
          // What the property holds, not what it is called (`isLocked` is no lock).
          let holds = (binding.typeAnnotation?.type.code ?? "") + " " + (binding.initializer?.value.code ?? "")
          if guards.contains(where: { holds.contains($0) }) { guarded = true }
        }
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
            "`\(name)` is `@unchecked Sendable`, but \(names) \(mutable.count == 1 ? "is a plain `var`" : "are plain `var`s") with no lock"))
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
