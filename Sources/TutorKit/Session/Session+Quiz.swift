/// `quiz` and `run`: the lesson's questions, and its runnable examples.
extension Session {
  struct QuizRun {
    var lesson: Lesson
    var index = 0
    var score = 0
    var missed: [Int] = []
  }

  // MARK: quiz

  func startQuiz(_ argument: String?) -> Response {
    let lesson: Lesson
    if let argument {
      guard let found = course.lesson(matching: argument) else {
        return .failure([.text("There is no lesson '\(displayable(argument))'. "), .code("lessons"), .text(" lists them.")])
      }
      lesson = found
    } else if let current = currentLesson {
      lesson = current
    } else {
      return .failure([.text("There are no lessons.")])
    }
    guard !lesson.quiz.isEmpty else {
      return .failure([.text("Lesson \(lesson.order) has no quiz.")])
    }
    quiz = QuizRun(lesson: lesson)
    let intro = Block.notice(.info, [
      .text("Quiz on lesson \(lesson.order), “\(lesson.title)”: \(lesson.quiz.count) questions. "),
      .code("skip"), .text(" passes one, "), .code("stop"), .text(" ends the quiz."),
    ])
    return Response(Document([intro] + question(at: 0, of: lesson)))
  }

  private func question(at index: Int, of lesson: Lesson) -> [Block] {
    let question = lesson.quiz[index]
    var blocks: [Block] = [
      .heading(level: 3, [.text("Question \(index + 1) of \(lesson.quiz.count)")]),
      .paragraph([.strong(question.prompt)]),
    ]
    blocks += question.details
    switch question.kind {
    case .multipleChoice(let options):
      let letters = QuizGrader.letters(for: options.count)
      // A list, so an option that wraps stays indented under its own text, past its letter.
      blocks.append(
        .list(ListBlock(ordered: false, items: zip(letters, options).map { letter, option in
          ListItem(marker: "\(letter))", blocks: [.paragraph(option.text)])
        })))
      let several = options.filter(\.isCorrect).count > 1
      blocks.append(.paragraph([.faint([.text(several ? "Several are right: answer with all their letters (like ac)." : "Answer with a letter.")])]))
    case .shortAnswer:
      blocks.append(.paragraph([.faint([.text("Answer in a word or two.")])]))
    }
    return blocks
  }

  func answerQuiz(_ line: String) -> Response {
    guard var run = quiz else { return Response(Document()) }
    let answer = line.trimmingCharacters(in: .whitespaces)
    let lesson = run.lesson
    let question = lesson.quiz[run.index]
    var blocks: [Block] = []
    switch answer.lowercased() {
    case "":
      return Response(Document(self.question(at: run.index, of: lesson)))
    case "stop", "quit", "exit", "q":
      quiz = nil
      return Response(Document([.notice(.info, [.text("Quiz stopped after \(run.index) of \(lesson.quiz.count) questions; nothing was recorded.")])]))
    case "skip":
      run.missed.append(run.index)
      blocks.append(.notice(.info, [.text("Skipped.")]))
      blocks += explanation(of: question, chosen: nil)
    default:
      switch QuizGrader.mark(answer, for: question) {
      case .unreadable(let why):
        return .failure([.text(why)])
      case .right:
        run.score += 1
        blocks.append(.notice(.success, [.text("Right.")]))
        blocks += explanation(of: question, chosen: answer)
      case .wrong:
        run.missed.append(run.index)
        blocks.append(.notice(.error, [.text("Not quite.")]))
        blocks += explanation(of: question, chosen: answer)
      }
    }
    run.index += 1
    guard run.index < lesson.quiz.count else {
      quiz = nil
      return Response(Document(blocks + finish(run)))
    }
    quiz = run
    return Response(Document(blocks + [.rule] + self.question(at: run.index, of: lesson)))
  }

  /// Every option with whether it is right and why; for a short answer, the answer and why.
  private func explanation(of question: QuizQuestion, chosen: String?) -> [Block] {
    switch question.kind {
    case .multipleChoice(let options):
      let letters = QuizGrader.letters(for: options.count)
      let picked = chosen.map { QuizGrader.chosenLetters($0, for: question) } ?? []
      return [
        .list(ListBlock(ordered: false, items: zip(letters, options).map { letter, option in
          let mark = option.isCorrect ? "✓" : "✗"
          let yours = picked.contains(letter) ? " (yours)" : ""
          return ListItem(blocks: [.paragraph([.strong([.text("\(letter)) \(mark)\(yours)")]), .text(" ")] + option.explanation)])
        }))
      ]
    case .shortAnswer(let accepted, let why):
      return [.paragraph([.text("Answer: "), .strong([.text(accepted.first ?? "")]), .text(". " + why)])]
    }
  }

  private func finish(_ run: QuizRun) -> [Block] {
    let lesson = run.lesson
    let total = lesson.quiz.count
    var best = run.score
    var blocks: [Block] = []
    if let warning = save({ state in
      var record = state.quizzes[lesson.id] ?? .init()
      record.attempts += 1
      record.lastScore = run.score
      record.bestScore = max(record.bestScore, run.score)
      record.questions = total
      state.quizzes[lesson.id] = record
      best = record.bestScore
    }) {
      blocks.append(warning)
    }
    blocks.append(.notice(run.score == total ? .success : .info, [.strong([.text("Quiz done: \(run.score) of \(total).")]), .text(" Your best: \(best) of \(total).")]))
    if !run.missed.isEmpty {
      let numbers = run.missed.map { String($0 + 1) }.joined(separator: ", ")
      blocks.append(.paragraph([.faint([.text("Worth another look: question\(run.missed.count == 1 ? "" : "s") \(numbers). "), .code("quiz"), .text(" starts again.")])]))
    }
    return blocks
  }

  // MARK: run

  func runExample(_ name: String?, emit: @Sendable (Document) -> Void) async -> Response {
    guard let lesson = currentLesson else { return .failure([.text("There are no lessons.")]) }
    guard !lesson.examples.isEmpty else {
      return .failure([.text("Lesson \(lesson.order) has no runnable examples.")])
    }
    guard let name else {
      let items = lesson.examples.map { example in
        ListItem(blocks: [.paragraph([.code("run \(example.name)"), .faint([.text(" (\(example.location))")])])])
      }
      return Response(Document([.paragraph([.text("Examples in lesson \(lesson.order):")]), .list(ListBlock(ordered: false, items: items))]))
    }
    guard let example = lesson.examples.first(where: { $0.name == name.lowercased() }) else {
      let names = lesson.examples.map(\.name).joined(separator: ", ")
      return .failure([.text("Lesson \(lesson.order) has no example '\(displayable(name))'; it has \(names).")])
    }
    emit(Document([.paragraph([.faint([.text("Compiling and running "), .code(example.name), .text(" (\(example.location)) …")])])]))
    let result: ExampleRun
    do {
      result = try await examples.run(example)
    } catch {
      return .failure([.text(String(describing: error))])
    }
    let output = Block.code(CodeBlock(language: "output", text: result.output.isEmpty ? "(it printed nothing)" : result.output.trimmingTrailingNewlines))
    switch result.status {
    case .ran:
      var blocks = [output]
      // `before` and `after` are one story told twice; other examples (`missing`, `cycle`) stand alone.
      let counterpart = ["before": "after", "after": "before"][example.name]
      if let other = lesson.examples.first(where: { $0.name == counterpart }) {
        blocks.append(.paragraph([.faint([.text("Compare: "), .code("run \(other.name)"), .text(".")])]))
      }
      return Response(Document(blocks))
    case .didNotCompile:
      return .failure([.text("The example does not compile (a problem in the lesson; please report it):")], [output])
    case .failed:
      return .failure([.text("The example stopped with an error:")], [output])
    case .timedOut:
      return .failure([.text("The example ran for more than 10 s and was stopped.")], [output])
    case .cancelled:
      return Response(Document([.notice(.warning, [.text("Cancelled.")])]))
    }
  }
}

extension String {
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
