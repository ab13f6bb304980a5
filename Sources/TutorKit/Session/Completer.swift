/// Tab completion for the REPL: command names first, then each command's arguments (lesson
/// ids, page numbers, command names).
public struct Completer: Sendable {
  public struct Completion: Sendable, Equatable {
    /// Text to insert at the cursor (the rest of the word, and a space when it is complete).
    public var insertion: String
    /// Shown when the word is ambiguous and nothing more can be inserted.
    public var candidates: [String]

    public init(insertion: String = "", candidates: [String] = []) {
      self.insertion = insertion
      self.candidates = candidates
    }
  }

  private let catalog: CommandCatalog
  private let lessonIDs: [String]
  private let exerciseIDs: [String]

  public init(catalog: CommandCatalog, course: Course) {
    self.catalog = catalog
    self.lessonIDs = course.lessons.map(\.id)
    self.exerciseIDs = course.exercises.map(\.id)
  }

  /// Completes the word before the cursor. `pageCount` and `examples` are the current lesson's,
  /// for `page <n>` and `run <example>`.
  public func complete(_ beforeCursor: String, pageCount: Int = 0, examples: [String] = []) -> Completion {
    let endsWithSpace = beforeCursor.last?.isWhitespace ?? false
    var words = TypedLine(beforeCursor).words
    let partial = endsWithSpace ? "" : (words.popLast() ?? "")

    if words.isEmpty {
      let names = catalog.commands.map(\.name)
      let matches = names.filter { $0.hasPrefix(partial.lowercased()) }
      if matches.isEmpty {
        let aliases = catalog.commands.flatMap(\.aliases).filter { $0.hasPrefix(partial.lowercased()) }
        return Self.finish(partial, aliases)
      }
      return Self.finish(partial, matches)
    }
    guard let spec = catalog.spec(named: words[0]) else { return Completion() }
    if partial.hasPrefix("-") {
      return Self.finish(partial, spec.options.map { "--" + $0.name }.filter { $0.hasPrefix(partial) })
    }
    words = Self.positional(words, spec: spec)
    let position = words.count - 1
    guard position < spec.arguments.count else { return Completion() }
    switch spec.arguments[position].kind {
    case .lesson:
      return Self.finish(partial, lessonIDs.filter { $0.hasPrefix(partial.lowercased()) })
    case .exercise:
      return Self.finish(partial, exerciseIDs.filter { $0.hasPrefix(partial.lowercased()) })
    case .example:
      return Self.finish(partial, examples.filter { $0.hasPrefix(partial.lowercased()) })
    case .command:
      return Self.finish(partial, catalog.commands.map(\.name).filter { $0.hasPrefix(partial.lowercased()) })
    case .pageNumber:
      let pages = (0..<max(pageCount, 0)).map { String($0 + 1) }
      return Self.finish(partial, pages.filter { $0.hasPrefix(partial) })
    }
  }

  /// The words without `--options` and their values.
  static func positional(_ words: [String], spec: CommandSpec) -> [String] {
    var result: [String] = []
    var skipValue = false
    for word in words {
      if skipValue {
        skipValue = false
      } else if word.hasPrefix("--") {
        skipValue = spec.options.first { "--" + $0.name == word }?.valueName != nil
      } else {
        result.append(word)
      }
    }
    return result
  }

  /// Completes the last word of `beforeCursor` among `words`, whatever its case (the sandbox's
  /// commands and the services registered so far).
  public static func complete(_ beforeCursor: String, among words: [String]) -> Completion {
    let endsWithSpace = beforeCursor.last?.isWhitespace ?? false
    let partial = endsWithSpace ? "" : String(beforeCursor.split(separator: " ").last ?? "")
    return Self.finish(partial, words.filter { $0.lowercased().hasPrefix(partial.lowercased()) })
  }

  /// The rest of the one match, or of what all matches share; else the matches to list.
  private static func finish(_ partial: String, _ matches: [String]) -> Completion {
    guard !matches.isEmpty else { return Completion() }
    if matches.count == 1 {
      return Completion(insertion: String(matches[0].dropFirst(partial.count)) + " ")
    }
    let common = matches.dropFirst().reduce(matches[0]) { $0.commonPrefix(with: $1) }
    if common.count > partial.count {
      return Completion(insertion: String(common.dropFirst(partial.count)))
    }
    return Completion(candidates: matches)
  }
}

extension String {
  fileprivate func commonPrefix(with other: String) -> String {
    String(zip(self, other).prefix { $0 == $1 }.map(\.0))
  }
}
