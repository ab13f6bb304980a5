import Foundation

/// `review [<exercise>]`: what a senior reviewer would say about how the learner injected,
/// beside the tests' verdict on whether it works. Each note names its line, the rule's lesson
/// page and a one-line fix. A use case of the engine, as ``CheckOnce`` is: the command line and
/// the REPL show what it returns.
public struct ReviewExercise: Sendable {
  public enum Format: String, Sendable, CaseIterable {
    case text, json
  }

  public let root: String
  private let fileSystem: any FileStore
  private let reviewer: any CodeReviewer

  public init(root: String, fileSystem: any FileStore, reviewer: any CodeReviewer) {
    self.root = root
    self.fileSystem = fileSystem
    self.reviewer = reviewer
  }

  /// The notes on `exercise` as the learner has it, building the analyzer first if need be.
  public func notes(on exercise: Exercise, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> [ReviewRemark] {
    try await reviewer.review(ReviewFiles(of: exercise, root: root, fileSystem: fileSystem), progress: progress)
  }

  /// The notes a passing check adds: nil when the analyzer is not built yet (a check never
  /// waits for it) or cannot say.
  public func notesIfReady(on exercise: Exercise) async -> [ReviewRemark]? {
    guard reviewer.isReady() else { return nil }
    return try? await notes(on: exercise)
  }

  /// What a passing check adds: "Passed, with 1 review note" and the notes; nothing when there
  /// are none; and before the analyzer is built, a line saying that `review` is there (or, when
  /// the REPL is `building` it in the background, that the notes are coming).
  public func afterAPass(on exercise: Exercise, course: Course?, building: Bool = false) async -> [Block] {
    // A course without the reviewer's rules (an older copy, a fixture) has no review to offer.
    guard fileSystem.fileExists(at: FilePath.join(root, ReviewRules.path)) else { return [] }
    guard reviewer.isReady() else {
      let line: [Inline] =
        building
        ? [
          .text("A reviewer is being built in the background (a minute or two, once): from then on a pass lists its notes on how you wrote the code, and "),
          .code("review"), .text(" shows them at any time."),
        ]
        : [.code("review"), .text(" reads how you wrote it, as a reviewer would (the first one builds the reviewer: a minute or two).")]
      return [.paragraph([.faint(line)])]
    }
    guard let remarks = try? await notes(on: exercise), !remarks.isEmpty, let rules = try? rules() else { return [] }
    return Self.afterAPass(remarks, rules: rules, course: course, root: root)
  }

  /// The course's rules (`Review/Rules.json`).
  public func rules() throws -> ReviewRules {
    try ReviewRules.load(root: root, fileSystem: fileSystem)
  }

  public func report(_ remarks: [ReviewRemark], on exercise: Exercise, course: Course?, format: Format) throws -> CommandReport {
    let rules = try rules()
    switch format {
    case .text: return .document(Self.document(remarks, on: exercise, rules: rules, course: course, root: root))
    case .json: return .text(Self.json(remarks, on: exercise, rules: rules, root: root))
    }
  }

  /// "1 review note", "3 review notes".
  public static func count(_ count: Int) -> String {
    "\(count) review note\(count == 1 ? "" : "s")"
  }

  public static func document(_ remarks: [ReviewRemark], on exercise: Exercise, rules: ReviewRules, course: Course?, root: String) -> Document {
    guard !remarks.isEmpty else {
      return Document([
        .notice(.success, [
          .text("No review notes on "), .code(exercise.id),
          .text(": no service locator, hidden clock, singleton or half-built object in your files."),
        ])
      ])
    }
    return Document(
      [
        .notice(.info, [
          .text("\(count(remarks.count)) on "), .code(exercise.id),
          .text(": how the code is written, which the tests cannot see."),
        ])
      ] + notes(remarks, rules: rules, course: course, root: root))
  }

  /// What a passing check adds when the review has notes: "Passed, with 1 review note", and the
  /// notes.
  public static func afterAPass(_ remarks: [ReviewRemark], rules: ReviewRules, course: Course?, root: String) -> [Block] {
    [
      .notice(.info, [
        .text("Passed, with \(count(remarks.count)): the tests cannot see how the code is written, a reviewer would."),
      ])
    ] + notes(remarks, rules: rules, course: course, root: root)
  }

  /// The notes as a list: the line and what was found; the rule and where the course explains
  /// it; the fix.
  public static func notes(_ remarks: [ReviewRemark], rules: ReviewRules, course: Course?, root: String) -> [Block] {
    let items = remarks.map { remark -> ListItem in
      let place = "\(FilePath.relative(remark.file, to: root)):\(remark.line)"
      var blocks: [Block] = [.paragraph([.code(place), .text(" ")] + ReviewRules.inlines(remark.message))]
      if let rule = rules.rule(remark.rule) {
        blocks.append(.paragraph([.faint(ReviewRules.inlines(rule.title + ": ") + ReviewRules.where(rule, course: course))]))
        blocks.append(.paragraph([.strong([.text("Fix: ")])] + ReviewRules.inlines(rule.fix)))
      }
      return ListItem(blocks: blocks)
    }
    return [.list(ListBlock(ordered: false, items: items))]
  }

  public static func json(_ remarks: [ReviewRemark], on exercise: Exercise, rules: ReviewRules, root: String) -> String {
    struct Note: Encodable {
      var rule, title, file: String
      var line, column: Int
      var message: String
      var lesson: Int?
      var page, fix: String?
    }
    struct Report: Encodable {
      var exercise: String
      var count: Int
      var notes: [Note]
    }
    let notes = remarks.map { remark in
      let rule = rules.rule(remark.rule)
      return Note(
        rule: remark.rule, title: rule?.title ?? remark.rule, file: FilePath.relative(remark.file, to: root), line: remark.line,
        column: remark.column, message: remark.message, lesson: rule?.lesson, page: rule?.page, fix: rule?.fix)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(Report(exercise: exercise.id, count: notes.count, notes: notes))) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
