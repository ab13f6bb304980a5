/// A quiz under way: its lesson, the question it is on, and how it is going. While one runs,
/// the session's lines are its answers (``Session/Mode/quiz(_:)``).
struct QuizRun {
  var lesson: Lesson
  var index = 0
  var score = 0
  var missed: [Int] = []
}

/// `quiz`: puts a lesson's questions one at a time, marks the answers with ``QuizGrader``, and
/// records the score when the quiz ends.
///
/// It holds no run itself: ``start(_:current:)`` hands the session a ``QuizRun`` and
/// ``answer(_:in:)`` the run that goes on (nil when the quiz is over), so the session's one
/// mode says whether a quiz is on. The course and the shared ``LearnerProgress`` arrive through
/// `init`. Owned by the session actor (not `Sendable`).
struct QuizRoom {
  private let course: Course
  private let progress: LearnerProgress

  init(course: Course, progress: LearnerProgress) {
    self.course = course
    self.progress = progress
  }

  /// What a quiz command says, and the run it leaves under way (nil: no quiz is on).
  struct Step {
    var response: Response
    var run: QuizRun?
  }

  /// Starts a quiz on the lesson named, else on `current`.
  func start(_ argument: String?, current: Lesson?) -> Step {
    let lesson: Lesson
    if let argument {
      guard let found = course.lesson(matching: argument) else {
        return Step(response: .failure([.text("There is no lesson '\(displayable(argument))'. "), .code("lessons"), .text(" lists them.")]))
      }
      lesson = found
    } else if let current {
      lesson = current
    } else {
      return Step(response: .failure([.text("There are no lessons.")]))
    }
    guard !lesson.quiz.isEmpty else {
      return Step(response: .failure([.text("Lesson \(lesson.order) has no quiz.")]))
    }
    let intro = Block.notice(.info, [
      .text("Quiz on lesson \(lesson.order), “\(lesson.title)”: \(lesson.quiz.count) questions. "),
      .code("skip"), .text(" passes one, "), .code("stop"), .text(" ends the quiz."),
    ])
    return Step(response: Response(Document([intro] + question(at: 0, of: lesson))), run: QuizRun(lesson: lesson))
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

  /// Marks one line as the answer to the run's question (or `skip`, `stop`, an empty line to
  /// see it again).
  func answer(_ line: String, in run: QuizRun) -> Step {
    var run = run
    let answer = line.trimmingCharacters(in: .whitespaces)
    let lesson = run.lesson
    let question = lesson.quiz[run.index]
    var blocks: [Block] = []
    switch answer.lowercased() {
    case "":
      return Step(response: Response(Document(self.question(at: run.index, of: lesson))), run: run)
    case "stop", "quit", "exit", "q":
      return Step(response: Response(Document([.notice(.info, [.text("Quiz stopped after \(run.index) of \(lesson.quiz.count) questions; nothing was recorded.")])])))
    case "skip":
      run.missed.append(run.index)
      blocks.append(.notice(.info, [.text("Skipped.")]))
      blocks += explanation(of: question, chosen: nil)
    default:
      switch QuizGrader.mark(answer, for: question) {
      case .unreadable(let why):
        return Step(response: .failure([.text(why)]), run: run)
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
      return Step(response: Response(Document(blocks + finish(run))))
    }
    return Step(response: Response(Document(blocks + [.rule] + self.question(at: run.index, of: lesson))), run: run)
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
    if let warning = progress.save({ state in
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
}
