import Foundation

/// The rules, as `Review/Rules.json` writes them: what each finds, where the course explains it,
/// and the settings its check reads. The file is the authors' to edit; the checks are code.
public struct RuleBook: Decodable, Sendable {
  public struct Rule: Decodable, Sendable {
    /// Which files a rule reads: the learner's code, the learner's tests, or both.
    public enum Applies: String, Decodable, Sendable {
      case code, tests, both

      func covers(_ role: SourceFile.Role) -> Bool { self == .both || rawValue == role.rawValue }
    }

    public var id: String
    public var applies: Applies
    public var settings: Settings?
  }

  /// A rule's settings: lists of names, and numbers.
  public struct Settings: Decodable, Sendable {
    var values: [String: Setting]

    enum Setting: Decodable, Sendable {
      case names([String])
      case number(Int)

      init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
          self = .number(number)
        } else {
          self = .names(try container.decode([String].self))
        }
      }
    }

    public init(from decoder: any Decoder) throws {
      values = try decoder.singleValueContainer().decode([String: Setting].self)
    }

    public func names(_ key: String) -> [String] {
      if case let .names(names)? = values[key] { return names }
      return []
    }

    public func number(_ key: String) -> Int? {
      if case let .number(number)? = values[key] { return number }
      return nil
    }
  }

  /// Where naming a live service is the point, not a hidden dependency (see ``Place``).
  public struct Places: Decodable, Sendable {
    /// Type names that end so are the composition root: `AppRoot`, `LiveApp`, `AppEnvironment`.
    public var rootSuffixes: [String] = []
    /// Types that conform to one of these are where an app starts: `App`, `PreviewProvider`.
    public var rootConformances: [String] = []
    /// Type names that start so are the live implementation: `SystemClock`, `LiveMailer`.
    public var livePrefixes: [String] = []
    /// Static members whose names start so make a live or stand-in value: `static let live`.
    public var liveMembers: [String] = []

    public init(rootSuffixes: [String] = [], rootConformances: [String] = [], livePrefixes: [String] = [], liveMembers: [String] = []) {
      self.rootSuffixes = rootSuffixes
      self.rootConformances = rootConformances
      self.livePrefixes = livePrefixes
      self.liveMembers = liveMembers
    }
  }

  public var rules: [Rule]
  public var places: Places

  public init(rules: [Rule], places: Places = Places()) {
    self.rules = rules
    self.places = places
  }

  public static func load(from path: String) throws -> RuleBook {
    try JSONDecoder().decode(RuleBook.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  }

  public func rule(_ id: String) -> Rule? {
    rules.first { $0.id == id }
  }
}
