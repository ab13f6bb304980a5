/// The registrations a missing one was probably meant to find: the same type under another
/// name or with other argument types, or a type whose name is close.
struct NearMisses {
  var otherNames: [String] = []
  var otherArguments: [String] = []
  var similarTypes: [String] = []
  /// Why a literal argument missed a registration that takes another number type.
  var literalHints: [String] = []

  init(for key: ServiceKey, among registered: [ServiceKey], argumentValues: [String] = []) {
    var similar: [String] = []
    for candidate in registered {
      if candidate.service == key.service {
        if candidate.arguments == key.arguments, candidate.name != key.name {
          otherNames.append(candidate.name == nil ? "\(candidate) without a name" : "\(candidate)")
        } else if candidate.arguments != key.arguments, candidate.name == key.name {
          otherArguments.append(
            candidate.hasArguments ? "\(candidate)" : "\(candidate) without arguments")
          literalHints += Self.literalHints(key, candidate, argumentValues)
        }
      } else if Self.isSimilar(
        String(describing: candidate.service), String(describing: key.service))
      {
        // Two types with one name are qualified already (see `TypeNames`).
        similar.append(candidate.typeName)
      }
    }
    similarTypes = similar.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// Integer and floating-point types other than the ones literals default to.
  static let integerTypes: Set = [
    "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "UInt128",
  ]
  static let floatingPointTypes: Set = ["Float", "Float16", "Float80", "CGFloat"]

  /// Where `key` passes an `Int` or a `Double` (what an integer or a floating-point literal is
  /// unless its type is written) and `candidate` takes another integer or floating-point type
  /// at the same place: the usual reason for `resolve(Greeting.self, arguments: 36)` to miss a
  /// registration that takes an `Int64`.
  static func literalHints(
    _ key: ServiceKey, _ candidate: ServiceKey, _ values: [String]
  ) -> [String] {
    let passed = key.argumentTypeNames
    let taken = candidate.argumentTypeNames
    guard key.hasArguments, candidate.hasArguments, passed.count == taken.count else { return [] }
    return passed.indices.compactMap { index in
      let kind: String
      switch (passed[index], taken[index]) {
      case ("Int", let other) where integerTypes.contains(other): kind = "an Int"
      case ("Double", let other) where floatingPointTypes.contains(other): kind = "a Double"
      default: return nil
      }
      let value = index < values.count ? values[index] : "value"
      return "The argument \(value) is \(kind), where \(candidate) takes \(taken[index]): a "
        + "literal is \(kind) unless its type is written, as in \(taken[index])(\(value))."
    }
  }

  /// Same name in another case or module, one name of five letters or more inside the other
  /// (`Gateway`, `PaymentGateway`, `Optional<PaymentGateway>`), or at most two typos apart.
  static func isSimilar(_ first: String, _ second: String) -> Bool {
    let first = first.lowercased()
    let second = second.lowercased()
    if first == second { return true }
    let (shorter, longer) = first.count <= second.count ? (first, second) : (second, first)
    if shorter.count >= 5, longer.contains(shorter) { return true }
    return shorter.count >= 5 && editDistance(Array(first), Array(second)) <= 2
  }

  /// Levenshtein distance.
  static func editDistance(_ first: [Character], _ second: [Character]) -> Int {
    var previous = Array(0...second.count)
    for (i, a) in first.enumerated() {
      var current = [i + 1]
      for (j, b) in second.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1)))
      }
      previous = current
    }
    return previous[second.count]
  }
}
