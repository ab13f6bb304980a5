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
      let chosen = answer.lowercased().filter { !$0.isWhitespace && $0 != "," && $0 != ")" && $0 != "." }
      guard !chosen.isEmpty else { return .unreadable("Answer with a letter from a to \(valid.last!).") }
      guard chosen.allSatisfy(valid.contains) else {
        return .unreadable("'\(displayable(answer))' is not one of the options: answer with a letter from a to \(valid.last!).")
      }
      let right = Set(options.indices.filter { options[$0].isCorrect }.map { valid[$0] })
      return Set(chosen) == right ? .right : .wrong
    case .shortAnswer(let accepted, _):
      let words = normalized(answer)
      guard !words.isEmpty else { return .unreadable("Type an answer, or skip.") }
      let matches = accepted.contains { candidate in
        let wanted = normalized(candidate)
        guard !wanted.isEmpty, wanted.count <= words.count else { return false }
        return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
      }
      return matches ? .right : .wrong
    }
  }

  private static func normalized(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}
