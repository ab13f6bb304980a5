import Foundation

/// Marks one answer to a ``QuizQuestion``. Multiple choice takes letters (`b`, or `bc` / `b, c`
/// when several options are right); short answers match an accepted answer as whole words,
/// ignoring case and punctuation, so "constructor injection" counts for "constructor".
public enum QuizGrader {
  public enum Mark: Sendable, Equatable {
    case right
    case wrong
    /// The answer could not be read (a letter that is not an option); ask again.
    case unreadable(String)
  }

  public static func letters(for count: Int) -> [Character] {
    Array("abcdefghijklmnopqrstuvwxyz".prefix(count))
  }

  public static func mark(_ answer: String, for question: QuizQuestion) -> Mark {
    switch question.kind {
    case .multipleChoice(let options):
      let valid = letters(for: options.count)
      let right = Set(options.indices.filter { options[$0].isCorrect }.map { valid[$0] })
      switch choice(answer, options: options) {
      case .letters(let chosen): return chosen == right ? .right : .wrong
      case .unreadable(let why): return .unreadable(why)
      }
    case .shortAnswer(let accepted, _):
      let words = normalized(answer)
      guard !words.isEmpty else { return .unreadable("Type an answer, or skip.") }
      let matches = accepted.contains { candidate in
        let wanted = normalized(candidate)
        guard !wanted.isEmpty, wanted.count <= words.count else { return false }
        // "definitely not method injection" names the answer only to deny it.
        guard !negates(words, beyond: wanted) else { return false }
        return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
      }
      return matches ? .right : .wrong
    }
  }

  /// The letters of the options an answer picks, as ``mark(_:for:)`` reads it: `ac` picks a and
  /// c, a word picks the one option that holds it (`hidden` is one option, not the letters h, i,
  /// d, e and n). Empty for a short-answer question or an answer that picks nothing.
  public static func chosenLetters(_ answer: String, for question: QuizQuestion) -> Set<Character> {
    guard case .multipleChoice(let options) = question.kind, case .letters(let chosen) = choice(answer, options: options)
    else { return [] }
    return chosen
  }

  private enum Choice {
    case letters(Set<Character>)
    case unreadable(String)
  }

  /// Which options a multiple-choice answer picks: by letter, or by a word or two of one option.
  private static func choice(_ answer: String, options: [QuizQuestion.Option]) -> Choice {
    let valid = letters(for: options.count)
    let chosen = answer.lowercased().filter { !$0.isWhitespace && $0 != "," && $0 != ")" && $0 != "." }
    guard !chosen.isEmpty else { return .unreadable("Answer with a letter from a to \(valid.last!).") }
    if chosen.allSatisfy(valid.contains) && Set(chosen).count == chosen.count {
      return .letters(Set(chosen))
    }
    // One or two characters are meant as letters, even when they are not options.
    if chosen.count <= 2 && chosen.allSatisfy(\.isLetter) {
      return .unreadable("'\(displayable(answer))' is not one of the options: answer with a letter from a to \(valid.last!).")
    }
    // Not letters: a word or two from one option ("split" for "split the type").
    return choiceByWords(answer, options: options, letters: valid)
  }

  /// An answer in words picks the one option whose text holds all of them.
  private static func choiceByWords(_ answer: String, options: [QuizQuestion.Option], letters: [Character]) -> Choice {
    let words = normalized(answer).filter { !fillers.contains($0) }
    let range = "a letter from a to \(letters.last!)"
    guard !words.isEmpty else { return .unreadable("Answer with \(range).") }
    if negates(words, beyond: []) {
      return .unreadable("Name the option you choose rather than one you rule out: answer with \(range).")
    }
    let fitting = options.indices.filter { index in
      let text = Set(normalized(options[index].text.plainText))
      return words.allSatisfy(text.contains)
    }
    switch fitting.count {
    case 1:
      return .letters([letters[fitting[0]]])
    case 0:
      return .unreadable("'\(displayable(answer))' is not in any option: answer with \(range), or with a word from the option you choose.")
    default:
      let named = fitting.map { String(letters[$0]) }.joined(separator: " and ")
      return .unreadable("'\(displayable(answer))' fits options \(named): answer with a letter.")
    }
  }

  /// Words that deny what follows them. A denial the accepted answer itself holds ("not
  /// Sendable") is part of the answer, not a denial of it.
  private static func negates(_ words: [String], beyond accepted: [String]) -> Bool {
    let denials = words.enumerated().filter { index, word in
      negations.contains(word) || (word == "t" && index > 0 && words[index - 1].hasSuffix("n"))
    }.map(\.element)
    return denials.count > accepted.filter { negations.contains($0) || $0 == "t" }.count
  }

  private static let negations: Set<String> = ["not", "no", "never", "neither", "nor", "without", "none", "nothing"]
  private static let fillers: Set<String> = ["a", "an", "the", "it", "i", "think", "maybe", "is", "option"]

  private static func normalized(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}
