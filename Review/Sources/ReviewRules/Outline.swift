import SwiftSyntax

/// What every file declares, read before any rule runs: the protocols, the types, and which
/// types conform to which protocols (in their declaration or an extension), across the
/// learner's files and the ones beside them. A rule asks it whether a type is the real side of
/// a boundary, or whether a protocol has anything to stand in for its one conformer.
struct Outline {
  /// Protocols declared in code (not in tests), by name.
  private(set) var protocols: Set<String> = []
  /// Every type declared anywhere, by name.
  private(set) var types: Set<String> = []
  /// The types declared in code (not in tests).
  private(set) var codeTypes: Set<String> = []
  /// The protocols each type names in its inheritance clauses, by type name.
  private(set) var conformances: [String: Set<String>] = [:]

  init(_ files: [SourceFile]) {
    for file in files {
      let collector = Collector(viewMode: .sourceAccurate)
      collector.walk(file.tree)
      if file.role == .code { protocols.formUnion(collector.protocols) }
      types.formUnion(collector.types)
      if file.role == .code { codeTypes.formUnion(collector.types) }
      conformances.merge(collector.conformances) { $0.union($1) }
    }
  }

  /// The types that conform to `protocol` (directly, as written), and the protocols that refine it.
  func conformers(of name: String) -> [String] {
    conformances.filter { $0.value.contains(name) }.map(\.key).sorted()
  }

  /// Whether a test stands in for `protocol`: one of its conformers is declared in tests.
  func isSubstituted(_ name: String) -> Bool {
    conformers(of: name).contains { types.contains($0) && !codeTypes.contains($0) }
  }

  /// The protocols of this code that `type` conforms to.
  func boundaries(of type: String) -> Set<String> {
    (conformances[type] ?? []).intersection(protocols)
  }

  private final class Collector: SyntaxVisitor {
    var protocols: Set<String> = []
    var types: Set<String> = []
    var conformances: [String: Set<String>] = [:]

    private func record(_ name: String, _ clause: InheritanceClauseSyntax?) {
      let names = (clause?.inheritedTypes ?? []).map { Outline.baseName(of: $0.type) }
      conformances[name, default: []].formUnion(names)
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
      protocols.insert(node.name.text)
      record(node.name.text, node.inheritanceClause)
      return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      types.insert(node.name.text)
      record(node.name.text, node.inheritanceClause)
      return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      types.insert(node.name.text)
      record(node.name.text, node.inheritanceClause)
      return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      types.insert(node.name.text)
      record(node.name.text, node.inheritanceClause)
      return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      types.insert(node.name.text)
      record(node.name.text, node.inheritanceClause)
      return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      record(Outline.baseName(of: node.extendedType), node.inheritanceClause)
      return .visitChildren
    }
  }

  /// `Clock` for `Clock`, `any Clock`, `some Clock`, `Clock?`, `@unchecked Sendable` →
  /// `Sendable`, `Module.Clock` → `Clock`, `Box<Int>` → `Box`.
  static func baseName(of type: TypeSyntax) -> String {
    if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(of: attributed.baseType) }
    if let some = type.as(SomeOrAnyTypeSyntax.self) { return baseName(of: some.constraint) }
    if let optional = type.as(OptionalTypeSyntax.self) { return baseName(of: optional.wrappedType) }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return baseName(of: unwrapped.wrappedType) }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return baseName(of: only.type)
    }
    if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    return type.trimmedDescription
  }
}
