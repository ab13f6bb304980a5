import Foundation

/// Reads the questions under a lesson's `## Quiz` heading (format: `Lessons/README.md`).
struct QuizReader {
  struct Problem: Error {
    var question: String
    var message: String
  }

  func read(_ blocks: [Block]) throws -> [QuizQuestion] {
    var questions: [QuizQuestion] = []
    var prompt: [Inline]?
    var body: [Block] = []

    func finish() throws {
      guard let prompt else { return }
      questions.append(try question(prompt: prompt, body: body))
      body = []
    }

    for block in blocks {
      if case .heading(3, let inlines) = block {
        try finish()
        prompt = inlines
      } else if prompt != nil {
        body.append(block)
      }
    }
    try finish()
    return questions
  }

  private func question(prompt: [Inline], body: [Block]) throws -> QuizQuestion {
    let name = prompt.plainText
    var details: [Block] = []
    var options: [QuizQuestion.Option] = []
    var accepted: [String]?
    var explanation: String?

    for block in body {
      switch block {
      case .list(let list) where list.items.allSatisfy({ $0.checked != nil }) && !list.items.isEmpty:
        for item in list.items {
          guard case .paragraph(let inlines)? = item.blocks.first else {
            throw Problem(question: name, message: "an option has no text")
          }
          guard let (text, why) = inlines.split(atFirst: " — ") else {
            throw Problem(
              question: name,
              message: "the option \"\(inlines.plainText)\" has no explanation after ' — '")
          }
          options.append(QuizQuestion.Option(text: text, isCorrect: item.checked == true, explanation: why))
        }
      case .paragraph(let inlines) where inlines.plainText.hasPrefix("Answer:"):
        let text = inlines.plainText
        let answerPart: String
        if let why = text.range(of: "Why:") {
          answerPart = String(text[text.index(text.startIndex, offsetBy: 7)..<why.lowerBound])
          explanation = text[why.upperBound...].trimmingCharacters(in: .whitespaces)
        } else {
          answerPart = String(text.dropFirst(7))
        }
        accepted = answerPart.split(separator: "|")
          .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
          .filter { !$0.isEmpty }
      case .paragraph(let inlines) where inlines.plainText.hasPrefix("Why:"):
        explanation = String(inlines.plainText.dropFirst(4)).trimmingCharacters(in: .whitespaces)
      default:
        details.append(block)
      }
    }

    if let accepted {
      guard !accepted.isEmpty else { throw Problem(question: name, message: "`Answer:` lists no answer") }
      guard let explanation, !explanation.isEmpty else {
        throw Problem(question: name, message: "a short-answer question needs a `Why:` line")
      }
      return QuizQuestion(prompt: prompt, details: details, kind: .shortAnswer(accepted: accepted, explanation: explanation))
    }
    guard options.count >= 2 else {
      throw Problem(question: name, message: "needs at least two `- [ ]` options, or an `Answer:` line")
    }
    guard options.contains(where: \.isCorrect) else {
      throw Problem(question: name, message: "no option is marked right with `[x]`")
    }
    return QuizQuestion(prompt: prompt, details: details, kind: .multipleChoice(options))
  }
}

extension [Inline] {
  /// Splits at the first occurrence of `separator` inside a top-level text run.
  func split(atFirst separator: String) -> ([Inline], [Inline])? {
    for (index, inline) in enumerated() {
      guard case .text(let text) = inline, let range = text.range(of: separator) else { continue }
      var head = Array(self[..<index])
      var tail = Array(self[(index + 1)...])
      let before = String(text[..<range.lowerBound])
      let after = String(text[range.upperBound...])
      if !before.isEmpty { head.append(.text(before)) }
      if !after.isEmpty { tail.insert(.text(after), at: 0) }
      return (head, tail)
    }
    return nil
  }
}
