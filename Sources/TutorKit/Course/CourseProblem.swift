/// Something wrong with the course files, reported to the course author with the file it is in.
public struct CourseProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Reason: Error, Sendable, Equatable {
    case missingFrontMatter
    case unclosedFrontMatter
    case malformedFrontMatter(line: Int, text: String)
    case missingKey(String)
    case invalidID(String)
    case invalidOrder(String)
    case orderDoesNotMatchFileName(order: Int, prefix: Int)
    case duplicateID(String, otherFile: String)
    case duplicateOrder(Int, otherFile: String)
    case noPages
    case quiz(question: String, problem: String)
    case unreadable(String)
    case noLessons(directory: String)
    case missingExercise(String)
    case missingFolder(String, kind: String)
    case invalidKind(String)
    case noMutants
    case variantWithoutSummary
    case variantFilesDiffer([String], expected: [String])
    case unknownMissedBug(String, known: [String])
    case exerciseNotListed
    case exerciseListedTwice(otherLesson: String)
    case noHints
    case filesDiffer(starter: [String], solution: [String])
  }

  public var file: String
  public var reason: Reason

  public init(file: String, reason: Reason) {
    self.file = file
    self.reason = reason
  }

  public var description: String {
    "\(file): \(reason.message)"
  }
}

extension CourseProblem.Reason {
  var message: String {
    switch self {
    case .missingFrontMatter:
      "no front matter. A lesson starts with a `---` block holding id, title and order (see Lessons/README.md)."
    case .unclosedFrontMatter:
      "the front matter opened with `---` never closes. Add a `---` line after the last key."
    case .malformedFrontMatter(let line, let text):
      "line \(line) of the front matter is not `key: value`: \(text)"
    case .missingKey(let key):
      "the front matter has no `\(key):`. Add it (see Lessons/README.md)."
    case .invalidID(let id):
      "the id '\(id)' may use only lowercase letters, digits and '-'."
    case .invalidOrder(let text):
      "the order '\(text)' is not a positive whole number."
    case .orderDoesNotMatchFileName(let order, let prefix):
      "the front matter says order \(order) but the file name starts with \(prefix). Make them agree."
    case .duplicateID(let id, let other):
      "the id '\(id)' is already used by \(other). Lesson ids must be unique."
    case .duplicateOrder(let order, let other):
      "order \(order) is already used by \(other)."
    case .noPages:
      "the lesson has no text."
    case .quiz(let question, let problem):
      "quiz question \"\(question)\": \(problem)"
    case .unreadable(let why):
      "could not be read: \(why)"
    case .noLessons(let directory):
      "no lesson files (NN-name.md) in \(directory)."
    case .missingExercise(let id):
      "lists the exercise '\(id)', but there is no Exercises/\(id)/README.md."
    case .missingFolder(let folder, let kind):
      kind == "tests"
        ? "has no \(folder)/ folder (a `kind: tests` exercise needs Sources/, Starter/, Solution/, Subject/ and Mutants/)."
        : "has no \(folder)/ folder (an exercise needs Sources/, Starter/, Solution/ and Tests/)."
    case .invalidKind(let kind):
      "the kind '\(kind)' is not one of \(Exercise.Kind.allCases.map(\.rawValue).joined(separator: ", "))."
    case .noMutants:
      "a `kind: tests` exercise needs at least one planted bug: a folder here with the subject's files and a README.md line."
    case .variantWithoutSummary:
      "has no README.md line saying what it gets wrong. Add one: it is what `verify` and the learner read."
    case .variantFilesDiffer(let files, let expected):
      "has \(files.isEmpty ? "no Swift files" : files.joined(separator: ", ")) but should have the same files as the code it stands in for: \(expected.joined(separator: ", "))."
    case .unknownMissedBug(let name, let known):
      "says it misses the planted bug '\(name)', which is not one of this exercise's: \(known.joined(separator: ", "))."
    case .exerciseNotListed:
      "no lesson lists this exercise. Add its id to a lesson's `exercises:`."
    case .exerciseListedTwice(let other):
      "is listed by two lessons; \(other) lists it too."
    case .noHints:
      "has no hints. Add a `## Hints` section with at least one `###` hint."
    case .filesDiffer(let starter, let solution):
      "Starter/ has \(starter.joined(separator: ", ")) but Solution/ has \(solution.joined(separator: ", ")); they must have the same files."
    }
  }
}
