import SwiftSyntax

/// Where a node sits: in which types and member, and whether that is a place where naming a live
/// service is the point (the composition root, a live factory, the real side of a boundary, a
/// default argument) rather than a hidden dependency.
struct Place {
  /// The enclosing types (an extension's extended type), outermost first.
  var types: [String] = []
  /// The member the node is in: `isOverdue(_:)`, `init(clock:)`, `now`, `deinit`. A function
  /// nested inside a method is part of that method.
  var member: String?
  var isStaticMember = false
  /// A stored property of a type: `var id = UUID()`.
  var isStoredProperty = false
  /// The member's attributes: `TaskLocal`, `IBOutlet`.
  var memberAttributes: Set<String> = []
  /// An initializer that hands its work to another (`convenience init`, `self.init(…)`): where a
  /// type names the live services of its designated `init`.
  var isDelegatingInit = false
  /// A struct without an `init` of its own: its stored `var`s' values are the memberwise
  /// initializer's default arguments.
  var hasMemberwiseInit = false
  /// Script code at the top of a file (a `main.swift`): a composition root by nature.
  var isTopLevel = false
  /// The value of a parameter's default argument: `init(push: any Pushing = PushService.shared)`.
  var isDefaultArgument = false

  var type: String? { types.last }

  init(of node: some SyntaxProtocol) {
    var current: Syntax? = node.parent
    var inDecl = false
    while let syntax = current {
      if let clause = syntax.as(InitializerClauseSyntax.self), clause.parent?.is(FunctionParameterSyntax.self) == true {
        isDefaultArgument = true
      }
      // A member: declared directly in a type, or at the top of the file (a helper function).
      let isMember = syntax.parent?.is(MemberBlockItemSyntax.self) == true
      let isGlobal = syntax.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
      if member == nil && (isMember || isGlobal) {
        if let function = syntax.as(FunctionDeclSyntax.self) {
          member = Self.signature(function.name.text, function.signature.parameterClause)
          isStaticMember = Self.isStatic(function.modifiers)
          memberAttributes = Self.names(function.attributes)
          inDecl = true
        } else if let initializer = syntax.as(InitializerDeclSyntax.self) {
          member = Self.signature("init", initializer.signature.parameterClause)
          isDelegatingInit =
            initializer.modifiers.contains { $0.name.tokenKind == .keyword(.convenience) }
            || (initializer.body?.statements.contains { $0.code.contains("self.init(") } ?? false)
          inDecl = true
        } else if syntax.is(DeinitializerDeclSyntax.self) {
          member = "deinit"
          inDecl = true
        } else if let variable = syntax.as(VariableDeclSyntax.self), isMember {
          member = variable.bindings.first.map { $0.pattern.trimmedDescription }
          isStaticMember = Self.isStatic(variable.modifiers)
          memberAttributes = Self.names(variable.attributes)
          isStoredProperty = variable.bindings.allSatisfy { $0.accessorBlock == nil }
          inDecl = true
        } else if let subscriptDecl = syntax.as(SubscriptDeclSyntax.self) {
          member = Self.signature("subscript", subscriptDecl.parameterClause)
          inDecl = true
        }
      }
      if let name = Self.typeName(syntax) {
        if types.isEmpty, let structDecl = syntax.as(StructDeclSyntax.self) {
          hasMemberwiseInit = !structDecl.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        }
        types.insert(name, at: 0)
        inDecl = true
      }
      current = syntax.parent
    }
    isTopLevel = !inDecl
  }

  /// A static member that makes a live or stand-in value (`static let live`, `static func
  /// preview()`, `static let shared`), or a task-local's default.
  func isLiveFactory(_ outline: Outline) -> Bool {
    guard isStaticMember, let member else { return false }
    return memberAttributes.contains("TaskLocal") || outline.places.liveMembers.contains { member.hasPrefix($0) }
  }

  /// Where the app is wired, by the enclosing types' names (see ``Outline/isCompositionRoot(_:)``).
  func isCompositionRoot(_ outline: Outline) -> Bool {
    types.contains(where: outline.isCompositionRoot)
  }

  /// Where a live service may be named without hiding it: see the type's documentation.
  func mayNameLiveServices(_ outline: Outline) -> Bool {
    if isTopLevel || isDefaultArgument || isDelegatingInit || isCompositionRoot(outline) || isLiveFactory(outline) { return true }
    // `struct Loan { var id = UUID() }`: the memberwise `init(id:)` takes another.
    if isStoredProperty && !isStaticMember && hasMemberwiseInit { return true }
    // The real side of a boundary, by what it conforms to or by its name:
    // `struct SystemClock: Clock { var now: Date { Date() } }`.
    if let type, outline.isRealSideOfABoundary(type) || outline.isLiveImplementation(type) { return true }
    return false
  }

  /// `Shelf.Model.isOverdue(_:)`, or what there is of it.
  var description: String {
    switch (types.isEmpty ? nil : types.joined(separator: "."), member) {
    case let (type?, member?): "\(type).\(member)"
    case let (nil, member?): member
    case let (type?, nil): type
    case (nil, nil): "this file"
    }
  }

  static func typeName(_ syntax: Syntax) -> String? {
    if let decl = syntax.as(StructDeclSyntax.self) { return decl.name.text }
    if let decl = syntax.as(ClassDeclSyntax.self) { return decl.name.text }
    if let decl = syntax.as(ActorDeclSyntax.self) { return decl.name.text }
    if let decl = syntax.as(EnumDeclSyntax.self) { return decl.name.text }
    if let decl = syntax.as(ExtensionDeclSyntax.self) { return Outline.baseName(of: decl.extendedType) }
    return nil
  }

  static func enclosingType(of syntax: Syntax) -> String? {
    var current = syntax.parent
    while let node = current {
      if let name = typeName(node) { return name }
      current = node.parent
    }
    return nil
  }

  static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  static func names(_ attributes: AttributeListSyntax) -> Set<String> {
    Set(attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription })
  }

  static func signature(_ name: String, _ parameters: FunctionParameterClauseSyntax) -> String {
    name + "(" + parameters.parameters.map { "\($0.firstName.text):" }.joined() + ")"
  }
}
