import SwiftSyntax

/// What every file declares, read before any rule runs: the protocols, the types and their
/// kinds, and which types conform to which protocols (in their declaration or an extension),
/// across the learner's files and the ones beside them. A rule asks it whether a type is the
/// real side of a boundary the tests substitute, or whether a protocol has anything to stand in
/// for its one conformer.
struct Outline {
  enum Kind {
    case `struct`, `class`, actor, `enum`, `protocol`
  }

  /// Protocols declared in code (not in tests), by name.
  private(set) var protocols: Set<String> = []
  /// Every type declared anywhere, by name, with its kind.
  private(set) var kinds: [String: Kind] = [:]
  /// The types declared in code (not in tests).
  private(set) var codeTypes: Set<String> = []
  /// The protocols each type names in its inheritance clauses, by type name.
  private(set) var conformances: [String: Set<String>] = [:]
  /// Types marked `@unchecked Sendable`, in their declaration or an extension.
  private(set) var uncheckedSendable: Set<String> = []
  /// Types marked `@main`, or isolated to a global actor (`@MainActor`).
  private(set) var mainTypes: Set<String> = []
  private(set) var actorIsolated: Set<String> = []
  /// Each enum's cases, by the enum's name.
  private(set) var enumCases: [String: Set<String>] = [:]
  /// Where live services may be named.
  let places: RuleBook.Places

  init(_ files: [SourceFile], places: RuleBook.Places = RuleBook.Places()) {
    self.places = places
    for file in files {
      let collector = Collector(viewMode: .sourceAccurate)
      collector.walk(file.tree)
      if file.role == .code {
        protocols.formUnion(collector.kinds.filter { $0.value == .protocol }.keys)
        codeTypes.formUnion(collector.kinds.keys)
      }
      kinds.merge(collector.kinds) { first, _ in first }
      conformances.merge(collector.conformances) { $0.union($1) }
      uncheckedSendable.formUnion(collector.uncheckedSendable)
      mainTypes.formUnion(collector.mainTypes)
      actorIsolated.formUnion(collector.actorIsolated)
      enumCases.merge(collector.enumCases) { $0.union($1) }
    }
  }

  var types: Set<String> { Set(kinds.keys) }

  /// The types that conform to `protocol` (directly, as written), and the protocols that refine it.
  func conformers(of name: String) -> [String] {
    conformances.filter { $0.value.contains(name) }.map(\.key).sorted()
  }

  /// Whether a test stands in for `protocol`: one of its conformers is declared in tests.
  func isSubstituted(_ name: String) -> Bool {
    conformers(of: name).contains { kinds[$0] != nil && !codeTypes.contains($0) }
  }

  /// The protocols of this code that `type` conforms to.
  func boundaries(of type: String) -> Set<String> {
    (conformances[type] ?? []).intersection(protocols)
  }

  /// The real side of a boundary the tests replace: `struct SystemClock: Clock` where a test
  /// has a `StoppedClock: Clock`.
  func isRealSideOfABoundary(_ type: String) -> Bool {
    boundaries(of: type).contains(where: isSubstituted)
  }

  /// A value, not a service: a struct or an enum the code declares.
  func isValueType(_ name: String) -> Bool {
    kinds[name] == .struct || kinds[name] == .enum
  }

  /// `Shipping.standard` is a value: an enum's case, or a struct's static value not called
  /// `shared`. `WatchHaptics.shared`, `URLSession.shared`, `FileManager.default` are services.
  func isValue(_ member: String, of type: String) -> Bool {
    if enumCases[type]?.contains(member) ?? false { return true }
    return isValueType(type) && member != "shared"
  }

  /// Where the app is wired: `AppRoot`, `LiveApp`, `@main struct ShelfApp: App`, a preview.
  func isCompositionRoot(_ type: String) -> Bool {
    places.rootSuffixes.contains { type.hasSuffix($0) } || mainTypes.contains(type)
      || !(conformances[type] ?? []).isDisjoint(with: places.rootConformances)
  }

  /// A type named as the live implementation: `SystemClock`, `LiveMailer`.
  func isLiveImplementation(_ type: String) -> Bool {
    places.livePrefixes.contains { prefix in
      type.hasPrefix(prefix) && type.dropFirst(prefix.count).first?.isUppercase == true
    }
  }

  private final class Collector: SyntaxVisitor {
    var kinds: [String: Kind] = [:]
    var conformances: [String: Set<String>] = [:]
    var uncheckedSendable: Set<String> = []
    var mainTypes: Set<String> = []
    var actorIsolated: Set<String> = []
    var enumCases: [String: Set<String>] = [:]

    private func record(_ name: String, _ kind: Kind?, _ clause: InheritanceClauseSyntax?, _ attributes: AttributeListSyntax) {
      if let kind { kinds[name] = kind }
      let inherited = clause?.inheritedTypes ?? []
      conformances[name, default: []].formUnion(inherited.map { Outline.baseName(of: $0.type) })
      if inherited.contains(where: { Outline.isUncheckedSendable($0.type) }) { uncheckedSendable.insert(name) }
      for attribute in attributes {
        let attributeName = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? ""
        if attributeName == "main" { mainTypes.insert(name) }
        if attributeName.hasSuffix("Actor") { actorIsolated.insert(name) }
      }
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
      record(node.name.text, .protocol, node.inheritanceClause, node.attributes)
      return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      record(node.name.text, .struct, node.inheritanceClause, node.attributes)
      return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      record(node.name.text, .class, node.inheritanceClause, node.attributes)
      return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      record(node.name.text, .actor, node.inheritanceClause, node.attributes)
      return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      record(node.name.text, .enum, node.inheritanceClause, node.attributes)
      for member in node.memberBlock.members {
        guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
        enumCases[node.name.text, default: []].formUnion(cases.elements.map { $0.name.text.trimmingCharacters(in: ["`"]) })
      }
      return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      record(Outline.baseName(of: node.extendedType), nil, node.inheritanceClause, node.attributes)
      return .visitChildren
    }
  }

  /// `@unchecked Sendable` in an inheritance clause.
  static func isUncheckedSendable(_ type: TypeSyntax) -> Bool {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
    return baseName(of: attributed.baseType) == "Sendable"
      && attributed.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "unchecked" }
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

extension SyntaxProtocol {
  /// The node's code as one line, without comments or line breaks: `Container.shared.resolve`
  /// however it was laid out.
  var code: String {
    var text = ""
    var previous: TokenSyntax?
    for token in tokens(viewMode: .sourceAccurate) {
      if let previous, !previous.trailingTrivia.isEmpty || !token.leadingTrivia.isEmpty,
        let last = text.last, last.isLetter || last.isNumber || last == "_", let first = token.text.first, first.isLetter || first == "_"
      {
        text += " "
      }
      text += token.text
      previous = token
    }
    return text
  }
}
