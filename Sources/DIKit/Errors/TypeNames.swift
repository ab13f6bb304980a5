/// How messages name types: by the short name Swift prints (`Account`), or, where two different
/// types share that name, with as much of their module and enclosing types as tells them apart
/// (`Billing.Account` and `Identity.Account`; `App.Account` and `Feature.Account`).
struct TypeNames {
  private var qualified: [ObjectIdentifier: String] = [:]

  /// Names for the types of `keys`: those of a message and those registered where it arose.
  init(_ keys: [ServiceKey]) {
    var byName: [String: [Any.Type]] = [:]
    var seen = Set<ObjectIdentifier>()
    for key in keys where seen.insert(ObjectIdentifier(key.service)).inserted {
      byName[String(describing: key.service), default: []].append(key.service)
    }
    for types in byName.values where types.count > 1 {
      let paths = types.map(Self.path)
      // Drop what they all start with (usually the module), keeping at least the name.
      var common = 0
      while paths.allSatisfy({ $0.count > common + 1 }),
        Set(paths.map { $0[common] }).count == 1
      {
        common += 1
      }
      for (type, path) in zip(types, paths) {
        qualified[ObjectIdentifier(type)] = path[common...].joined(separator: ".")
      }
    }
  }

  /// The key as messages should name it.
  func callOut(_ key: ServiceKey) -> ServiceKey {
    var key = key
    key.displayName = qualified[ObjectIdentifier(key.service)]
    return key
  }

  /// The type's full name in parts, `["DIKitTests", "Billing", "Account"]`, without the
  /// `(unknown context at $…)` that stands for a private or local scope.
  private static func path(_ type: Any.Type) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in String(reflecting: type) {
      switch character {
      case "<", "(", "[": depth += 1
      case ">", ")", "]": depth -= 1
      default: break
      }
      if character == ".", depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts.filter { !$0.hasPrefix("(unknown context at ") }
  }
}
