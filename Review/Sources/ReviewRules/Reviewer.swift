import SwiftSyntax

/// One rule's check: its `Visitor` reads a file (with what the outline knows of the others) and
/// keeps what it finds. Its `id` is the rule's in `Rules.json`, where its settings come from.
protocol Check: Sendable {
  associatedtype Visitor: RemarkVisitor
  var id: String { get }
}

extension Check {
  func remarks(in file: SourceFile, outline: Outline, settings: RuleBook.Settings) -> [Remark] {
    Visitor.run(file, outline, settings)
  }
}

/// Reads the learner's files as a reviewer would, rule by rule.
public struct Reviewer: Sendable {
  private let book: RuleBook
  private let checks: [String: any Check]

  /// Every check there is, by id.
  static let allChecks: [any Check] = [
    ServiceLocatorCheck(), HiddenInputCheck(), GlobalSingletonCheck(), UnwrappedPropertyCheck(),
    TooManyDependenciesCheck(), LonelyProtocolCheck(), ConcreteBoundaryCheck(), WorkingDoubleCheck(),
    UncheckedSendableCheck(),
  ]

  public enum Problem: Error, CustomStringConvertible, Equatable {
    case ruleWithoutCheck(String)
    case checkWithoutRule(String)

    public var description: String {
      switch self {
      case let .ruleWithoutCheck(id): "Rules.json has a rule '\(id)' that no check implements"
      case let .checkWithoutRule(id): "the check '\(id)' has no rule in Rules.json"
      }
    }
  }

  /// Fails when the book and the checks do not match one for one.
  public init(book: RuleBook) throws {
    let checks = Dictionary(uniqueKeysWithValues: Self.allChecks.map { ($0.id, $0) })
    for rule in book.rules where checks[rule.id] == nil { throw Problem.ruleWithoutCheck(rule.id) }
    for id in checks.keys.sorted() where book.rule(id) == nil { throw Problem.checkWithoutRule(id) }
    self.book = book
    self.checks = checks
  }

  /// The remarks on the reviewed files, in file and line order.
  public func review(_ files: [SourceFile]) -> [Remark] {
    let outline = Outline(files, places: book.places)
    var remarks: [Remark] = []
    for file in files where file.reviewed {
      for rule in book.rules where rule.applies.covers(file.role) {
        guard let check = checks[rule.id] else { continue }
        remarks += check.remarks(in: file, outline: outline, settings: rule.settings ?? RuleBook.Settings.empty)
      }
    }
    return remarks.sorted()
  }
}

extension RuleBook.Settings {
  static let empty = RuleBook.Settings(values: [:])

  init(values: [String: Setting]) {
    self.values = values
  }
}
