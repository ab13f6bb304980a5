/// The registrations a missing one was probably meant to find: the same type under another
/// name or with other argument types, or a type whose name is close.
struct NearMisses {
  var otherNames: [String] = []
  var otherArguments: [String] = []
  var similarTypes: [String] = []

  init(for key: ServiceKey, among registered: [ServiceKey]) {
    var similar: [String] = []
    for candidate in registered {
      if candidate.service == key.service {
        if candidate.arguments == key.arguments, candidate.name != key.name {
          otherNames.append(candidate.name == nil ? "\(candidate) without a name" : "\(candidate)")
        } else if candidate.arguments != key.arguments, candidate.name == key.name {
          otherArguments.append(
            candidate.hasArguments ? "\(candidate)" : "\(candidate) without arguments")
        }
      } else if Self.isSimilar(candidate.typeName, key.typeName) {
        // Two types with one name live in different modules: show the modules.
        similar.append(
          candidate.typeName == key.typeName
            ? String(reflecting: candidate.service) : candidate.typeName)
      }
    }
    similarTypes = similar.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
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
