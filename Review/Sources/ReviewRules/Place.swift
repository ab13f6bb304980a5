import SwiftSyntax

/// Where a node sits: in which type and member, and whether that is a place where naming a live
/// service is the point (the composition root, a live factory, the real side of a boundary, a
/// default argument) rather than a hidden dependency.
struct Place {
  /// The nearest enclosing type (an extension's extended type), if any.
  var type: String?
  /// The member the node is in: `isOverdue(_:)`, `init(clock:)`, `now`.
  var member: String?
  var isStaticMember = false
  /// Script code at the top of a file (a `main.swift`): a composition root by nature.
  var isTopLevel = false
  /// The value of a parameter's default argument: `init(push: any Pushing = PushService.shared)`.
  var isDefaultArgument = false

  init(of node: some SyntaxProtocol) {
    var current: Syntax? = node.parent
    var inDecl = false
    while let syntax = current {
      if let clause = syntax.as(InitializerClauseSyntax.self), clause.parent?.is(FunctionParameterSyntax.self) == true {
        isDefaultArgument = true
      }
      if member == nil {
        if let function = syntax.as(FunctionDeclSyntax.self) {
          member = Self.signature(function.name.text, function.signature.parameterClause)
          isStaticMember = Self.isStatic(function.modifiers)
          inDecl = true
        } else if let initializer = syntax.as(InitializerDeclSyntax.self) {
          member = Self.signature("init", initializer.signature.parameterClause)
          inDecl = true
        } else if let variable = syntax.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true {
          // A property of a type (a local `let` inside a method is not the member).
          member = variable.bindings.first.map { $0.pattern.trimmedDescription }
          isStaticMember = Self.isStatic(variable.modifiers)
          inDecl = true
        } else if let subscriptDecl = syntax.as(SubscriptDeclSyntax.self) {
          member = Self.signature("subscript", subscriptDecl.parameterClause)
          inDecl = true
        }
      }
      if type == nil, let name = Self.typeName(syntax) {
        type = name
        inDecl = true
      }
      current = syntax.parent
    }
    isTopLevel = !inDecl
  }

  /// A type whose name says it is where the app is wired: `AppRoot`, `CompositionRoot`,
  /// `LiveApp`, `LiveDependencies`.
  var isCompositionRoot: Bool {
    guard let type else { return false }
    return type.hasSuffix("Root") || type.hasPrefix("Live")
  }

  /// A static member that makes the live value: `static let live`, `static func liveValue()`.
  var isLiveFactory: Bool {
    isStaticMember && (member?.hasPrefix("live") ?? false)
  }

  /// Where a live service may be named without hiding it: see the type's documentation.
  func mayNameLiveServices(_ outline: Outline) -> Bool {
    if isTopLevel || isDefaultArgument || isCompositionRoot || isLiveFactory { return true }
    // The real side of a boundary: `struct SystemClock: Clock { var now: Date { Date() } }`.
    if let type, !outline.boundaries(of: type).isEmpty { return true }
    return false
  }

  /// `Invoice.isOverdue(_:)`, or what there is of it.
  var description: String {
    switch (type, member) {
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

  static func signature(_ name: String, _ parameters: FunctionParameterClauseSyntax) -> String {
    name + "(" + parameters.parameters.map { "\($0.firstName.text):" }.joined() + ")"
  }
}
