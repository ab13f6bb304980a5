/// A command's words split into positional arguments, `--flags` and `--option value`s.
struct ParsedArguments {
  var positional: [String] = []
  var flags: Set<String> = []
  var values: [String: String] = [:]

  var timeout: Duration {
    values["timeout"].flatMap(Int.init).map { .seconds($0) } ?? ExerciseRunner.defaultTimeout
  }

  static func parse(_ words: [String], spec: CommandSpec) -> Result<ParsedArguments, UsageProblem> {
    var parsed = ParsedArguments()
    var index = 0
    while index < words.count {
      let word = words[index]
      if word.hasPrefix("--") {
        let name = String(word.dropFirst(2))
        guard let option = spec.options.first(where: { $0.name == name }) else {
          let known = spec.options.map { "--" + $0.name }
          return .failure(
            UsageProblem(
              "`\(spec.name)` has no option '\(displayable(word))'"
                + (known.isEmpty ? "." : "; it knows \(known.map { "`\($0)`" }.joined(separator: ", "))."))
          )
        }
        if option.valueName != nil {
          guard index + 1 < words.count, let seconds = Int(words[index + 1]), seconds > 0 else {
            return .failure(UsageProblem("`--\(name)` needs a whole number of seconds above 0."))
          }
          parsed.values[name] = String(seconds)
          index += 2
          continue
        }
        parsed.flags.insert(name)
      } else {
        parsed.positional.append(word)
      }
      index += 1
    }
    let given = parsed.positional.count
    if given < spec.requiredArgumentCount || given > spec.arguments.count {
      let names = spec.arguments.map { "<\($0.name)>" }.joined(separator: " ")
      let expectation: String
      switch (spec.requiredArgumentCount, spec.arguments.count) {
      case (0, 0): expectation = "`\(spec.name)` takes no arguments"
      case (let required, let all) where required == all:
        expectation = "`\(spec.name)` takes \(all == 1 ? "one argument" : "\(all) arguments") (\(names))"
      case (_, let all):
        expectation = "`\(spec.name)` takes at most \(all == 1 ? "one argument" : "\(all) arguments") (\(names))"
      }
      let counted = given == 0 ? "none was" : given == 1 ? "1 was" : "\(given) were"
      return .failure(UsageProblem("\(expectation), but \(counted) given."))
    }
    return .success(parsed)
  }
}

struct UsageProblem: Error {
  var text: String
  init(_ text: String) { self.text = text }
}
