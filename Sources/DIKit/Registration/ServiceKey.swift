/// The identity of a registration: the service type, an optional name, and the types of the
/// runtime arguments its factory takes.
///
/// Two registrations with the same key replace each other; a resolution finds a registration
/// only by its exact key. Names in messages read `PaymentGateway`, `PaymentGateway named
/// "sandbox"` or `Greeting with arguments (String)`.
@usableFromInline
struct ServiceKey: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let service: Any.Type
  @usableFromInline let name: String?
  /// `Void.self` when the factory takes no runtime arguments.
  @usableFromInline let arguments: Any.Type
  /// How messages name the service type, when its short name is not enough to tell it from
  /// another (see `TypeNames`); not part of the key's identity.
  @usableFromInline var displayName: String?

  @inlinable
  init(service: Any.Type, name: String?, arguments: Any.Type = Void.self) {
    self.service = service
    self.name = name
    self.arguments = arguments
    displayName = nil
  }

  @inlinable
  static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
    lhs.service == rhs.service && lhs.name == rhs.name && lhs.arguments == rhs.arguments
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(service))
    hasher.combine(name)
    hasher.combine(ObjectIdentifier(arguments))
  }

  var hasArguments: Bool { arguments != Void.self }

  /// The service type's name as Swift prints it, `PaymentGateway` or `Optional<Clock>`, unless
  /// a message qualified it.
  var typeName: String { displayName ?? String(describing: service) }

  /// The argument types in parentheses: `(String)`, `(String, Int)`.
  var argumentList: String {
    let text = String(describing: arguments)
    return text.hasPrefix("(") ? text : "(\(text))"
  }

  /// The argument types' names, in order: `["String", "Int"]`.
  var argumentTypeNames: [String] {
    topLevelParts(of: String(argumentList.dropFirst().dropLast()))
  }

  /// The argument types as a register call spells them: `String.self, Int.self`.
  var argumentMetatypes: String {
    argumentTypeNames.map { $0 + ".self" }.joined(separator: ", ")
  }

  @usableFromInline
  var description: String {
    var text = typeName
    if let name { text += " named \"\(name)\"" }
    if hasArguments { text += " with arguments \(argumentList)" }
    return text
  }

  /// The registration a developer would write for this key, for the "To fix" part of messages.
  var registerCall: String {
    var parameters = "\(typeName).self"
    if let name { parameters += ", name: \"\(name)\"" }
    if hasArguments { parameters += ", arguments: \(argumentMetatypes)" }
    return "container.register(\(parameters)) { … }"
  }
}

/// Splits `String, Dictionary<String, Int>` at the commas that are not inside brackets.
private func topLevelParts(of list: String) -> [String] {
  var parts: [String] = []
  var current = ""
  var depth = 0
  for character in list {
    switch character {
    case "<", "(", "[": depth += 1
    case ">", ")", "]": depth -= 1
    default: break
    }
    if character == ",", depth == 0 {
      parts.append(current)
      current = ""
    } else if !(character == " " && current.isEmpty) {
      current.append(character)
    }
  }
  parts.append(current)
  return parts
}
