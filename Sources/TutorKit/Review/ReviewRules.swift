import Foundation

/// The rules `review` applies, as the course's authors wrote them in `Review/Rules.json`: what
/// each finds, the lesson page that explains it, a one-line fix and an example. ditutor reads the
/// file itself (to list the rules and to explain a remark); the analyzer in `Review/` reads it
/// for its checks' settings.
public struct ReviewRule: Decodable, Sendable, Equatable {
  public var id: String
  public var title: String
  public var finds: String
  public var lesson: Int
  public var page: String
  public var fix: String
  public var example: String
  /// `code`, `tests` or `both`: the learner's files it reads.
  public var applies: String

  public init(id: String, title: String, finds: String, lesson: Int, page: String, fix: String, example: String, applies: String) {
    self.id = id
    self.title = title
    self.finds = finds
    self.lesson = lesson
    self.page = page
    self.fix = fix
    self.example = example
    self.applies = applies
  }
}

public struct ReviewRules: Sendable, Equatable {
  /// Where the rules live, from the course root.
  public static let path = "Review/Rules.json"

  public var rules: [ReviewRule]

  public init(rules: [ReviewRule]) {
    self.rules = rules
  }

  public static func load(root: String, fileSystem: any FileStore) throws -> ReviewRules {
    struct File: Decodable { var rules: [ReviewRule] }
    let path = FilePath.join(root, Self.path)
    do {
      return ReviewRules(rules: try JSONDecoder().decode(File.self, from: fileSystem.readFile(at: path)).rules)
    } catch {
      throw CommandFailure(message: "The review's rules in \(Self.path) cannot be read: \(error)", status: 1)
    }
  }

  public func rule(_ id: String) -> ReviewRule? {
    rules.first { $0.id == id }
  }

  /// `review --rules`: every rule, where the course explains it, its fix and an example.
  public func document(course: Course?) -> Document {
    var blocks: [Block] = [
      .heading(level: 1, [.text("What review looks for")]),
      .paragraph([
        .text("\(rules.count) rules, from "), .code(Self.path),
        .text(". Each remark names its line, the lesson page that explains it, and a fix."),
      ]),
    ]
    for rule in rules {
      blocks.append(.heading(level: 2, [.code(rule.id), .text(": " + rule.title)]))
      blocks.append(.paragraph(Self.inlines(rule.finds)))
      blocks.append(.paragraph([.strong([.text("Read: ")])] + Self.where(rule, course: course)))
      blocks.append(.paragraph([.strong([.text("Fix: ")])] + Self.inlines(rule.fix)))
      blocks.append(.paragraph([.faint([.text("It would remark on:")])]))
      blocks.append(.code(CodeBlock(language: "swift", text: rule.example)))
    }
    return Document(blocks)
  }

  /// The rules' words, with `code` in backticks as code.
  static func inlines(_ text: String) -> [Inline] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
      part.isEmpty ? nil : index.isMultiple(of: 2) ? .text(String(part)) : .code(String(part))
    }
  }

  /// "lesson 12, “Bringing DI to code that has none”, page “`Date()` and `UUID()`: the hidden
  /// inputs” (type open 12)".
  static func `where`(_ rule: ReviewRule, course: Course?) -> [Inline] {
    let lesson = course?.lessons.first { $0.order == rule.lesson }
    let title = lesson.map { ", “\($0.title)”" } ?? ""
    return [.text("lesson \(rule.lesson)\(title), page “")] + inlines(rule.page) + [.text("” (type "), .code("open \(rule.lesson)"), .text(")")]
  }
}

/// One remark of the analyzer, as it prints it.
public struct ReviewRemark: Codable, Sendable, Equatable {
  public var rule: String
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  public init(rule: String, file: String, line: Int, column: Int, message: String) {
    self.rule = rule
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }
}
