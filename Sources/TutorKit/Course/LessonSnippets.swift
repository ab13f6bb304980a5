import Foundation

/// The Swift programs a lesson contains, as the test suite compiles them (see `Lessons/README.md`):
/// each ` ```swift ` block on its own, `swift continue` blocks joined to the ones before, and an
/// ` ```output ` block right after a program as the output it must print. A block marked
/// `expect-error: <text>` is a program that must *not* compile, and a chain marked `tests` is a
/// Swift Testing file whose tests must pass. A chain with a block marked `dikit` is compiled with
/// the package's container, so it may `import DIKit` (built from `Sources/DIKit`).
public struct LessonSnippet: Sendable, Equatable, CustomStringConvertible {
  /// `Lessons/01-why-dependency-injection.md`
  public var path: String
  /// Line of the opening fence of the program's first block (1-based).
  public var line: Int
  public var code: String
  /// Expected standard output, when an `output` block follows; then the program is also run.
  public var expectedOutput: String?
  /// Line in the combined `code` where each block starts, with the block's line in the lesson:
  /// lets a compiler error be pointed back at the lesson.
  public var blockStarts: [(codeLine: Int, lessonLine: Int)]
  /// The name `run` knows this program by, when its last block is marked `example: <name>`.
  public var exampleName: String?
  /// For ` ```swift expect-error: <text> `: the program must fail to compile, and every error the
  /// compiler reports must contain this text (the lesson quotes it, so it must stay true).
  public var expectedError: String?
  /// For a chain marked `tests`: a Swift Testing file (`import Testing`, `@Test`, `#expect`),
  /// compiled as a library with a test runner and run; every test must pass.
  public var isTestSuite: Bool
  /// For a chain with a block marked `dikit`: compiled against DIKit, built from
  /// `Sources/DIKit`, so the program can `import DIKit` and show the container's real errors.
  public var usesDIKit: Bool

  public var description: String { "\(path):\(line)" }

  public init(
    path: String, line: Int, code: String, expectedOutput: String? = nil,
    blockStarts: [(codeLine: Int, lessonLine: Int)]? = nil, exampleName: String? = nil,
    expectedError: String? = nil, isTestSuite: Bool = false, usesDIKit: Bool = false
  ) {
    self.path = path
    self.line = line
    self.code = code
    self.expectedOutput = expectedOutput
    self.blockStarts = blockStarts ?? [(1, line + 1)]
    self.exampleName = exampleName
    self.expectedError = expectedError
    self.isTestSuite = isTestSuite
    self.usesDIKit = usesDIKit
  }

  /// Maps a line of `code` back to the line of the lesson file it came from.
  public func lessonLine(forCodeLine codeLine: Int) -> Int {
    guard let block = blockStarts.last(where: { $0.codeLine <= codeLine }) else { return line }
    return block.lessonLine + (codeLine - block.codeLine)
  }

  public static func == (lhs: LessonSnippet, rhs: LessonSnippet) -> Bool {
    lhs.path == rhs.path && lhs.line == rhs.line && lhs.code == rhs.code
      && lhs.expectedOutput == rhs.expectedOutput && lhs.exampleName == rhs.exampleName
      && lhs.expectedError == rhs.expectedError && lhs.isTestSuite == rhs.isTestSuite
      && lhs.usesDIKit == rhs.usesDIKit
  }
}

/// Something wrong with how a lesson's code blocks are marked.
public struct SnippetProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var line: Int
  public var message: String

  public var description: String { "\(path):\(line): \(message)" }
}

/// The words after ```swift: `continue`, `example: <name>`, `tests`, `dikit`, in any order; or
/// `expect-error: <text>` (after `dikit`, if any), whose text runs to the end of the line.
struct SnippetMarker {
  var continues = false
  var example: String?
  var tests = false
  var dikit = false
  /// The text after `expect-error:`, trimmed (empty when none was given).
  var expectedError: String?
  var unknown: String?

  init(_ info: String) {
    var words = info
    if let marker = info.range(of: "expect-error:") {
      // Everything after the marker is the error text, spaces and colons included.
      expectedError = String(info[marker.upperBound...]).trimmingCharacters(in: .whitespaces)
      words = String(info[..<marker.lowerBound])
    }
    var rest = words.split(separator: " ").map(String.init)[...]
    while let word = rest.popFirst() {
      if word == "continue" {
        continues = true
      } else if word == "tests" {
        tests = true
      } else if word == "dikit" {
        dikit = true
      } else if word == "example:", let name = rest.popFirst() {
        example = name
      } else if word.hasPrefix("example:"), word.count > 8 {
        example = String(word.dropFirst(8))
      } else {
        unknown = unknown ?? word
      }
    }
  }
}

public enum LessonSnippets {
  public struct Collection: Sendable {
    public var snippets: [LessonSnippet]
    public var skipped: [(line: Int, reason: String)]
    public var problems: [SnippetProblem]
  }

  public static func collect(markdown: String, path: String) -> Collection {
    struct Fence {
      var language: String
      var info: String
      var line: Int
      var body: [String]
    }
    var fences: [Fence] = []
    var open: (marker: String, fence: Fence)?
    for (offset, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = String(line).trimmingLeadingSpaces()
      if var current = open {
        if trimmed.hasPrefix(current.marker) && trimmed.allSatisfy({ $0 == current.marker.first || $0 == " " }) {
          fences.append(current.fence)
          open = nil
        } else {
          current.fence.body.append(String(line))
          open = current
        }
        continue
      }
      for marker in ["```", "~~~"] where trimmed.hasPrefix(marker) {
        let run = trimmed.prefix { $0 == marker.first }
        let rest = trimmed.dropFirst(run.count).trimmingCharacters(in: .whitespaces)
        let words = rest.split(separator: " ", maxSplits: 1).map(String.init)
        open = (
          String(run),
          Fence(
            language: words.first?.lowercased() ?? "", info: words.count > 1 ? words[1] : "",
            line: offset + 1, body: [])
        )
      }
    }

    var snippets: [LessonSnippet] = []
    var skipped: [(Int, String)] = []
    var problems: [SnippetProblem] = []
    var previousWasSwift = false
    for fence in fences {
      switch fence.language {
      case "swift":
        if fence.info.hasPrefix("not-compiled:") {
          let reason = String(fence.info.dropFirst("not-compiled:".count)).trimmingCharacters(in: .whitespaces)
          if reason.isEmpty {
            problems.append(SnippetProblem(path: path, line: fence.line, message: "`not-compiled:` needs a reason"))
          }
          skipped.append((fence.line, reason))
          previousWasSwift = false
          continue
        }
        let code = fence.body.joined(separator: "\n")
        let marker = SnippetMarker(fence.info)
        func problem(_ message: String) {
          problems.append(SnippetProblem(path: path, line: fence.line, message: message))
        }
        if let unknown = marker.unknown {
          problem(
            "unknown marker '\(unknown)' after ```swift (use `continue`, `example: <name>`, `tests`, `dikit`, `expect-error: <text>` or `not-compiled: <reason>`)")
        }
        if let expected = marker.expectedError {
          if expected.isEmpty {
            problem("`expect-error:` needs the text of the error the block must produce")
          }
          if marker.continues || marker.example != nil || marker.tests {
            problem("`expect-error:` stands alone: a block that must not compile cannot continue a program, be an example or hold tests")
          }
          snippets.append(
            LessonSnippet(path: path, line: fence.line, code: code, expectedError: expected, usesDIKit: marker.dikit))
          previousWasSwift = true
          continue
        }
        if marker.continues {
          guard var last = snippets.popLast() else {
            problem("`swift continue` has no swift block before it to continue")
            continue
          }
          if last.expectedError != nil {
            problem("`swift continue` follows an `expect-error:` block, which does not compile; continue a block that does")
            snippets.append(last)
            continue
          }
          if last.expectedOutput != nil {
            problem("`swift continue` follows a block that already has its `output`; only the last block of a chain may have one")
          }
          let codeLine = last.code.split(separator: "\n", omittingEmptySubsequences: false).count + 1
          last.code += "\n" + code
          last.blockStarts.append((codeLine, fence.line + 1))
          last.exampleName = marker.example ?? last.exampleName
          last.isTestSuite = last.isTestSuite || marker.tests
          last.usesDIKit = last.usesDIKit || marker.dikit
          snippets.append(last)
        } else {
          snippets.append(
            LessonSnippet(
              path: path, line: fence.line, code: code, exampleName: marker.example, isTestSuite: marker.tests,
              usesDIKit: marker.dikit))
        }
        previousWasSwift = true
      case "output":
        if previousWasSwift, var last = snippets.popLast() {
          if last.expectedError != nil {
            problems.append(
              SnippetProblem(path: path, line: fence.line, message: "an `expect-error:` block does not compile, so it has no `output`"))
          }
          if last.isTestSuite {
            problems.append(
              SnippetProblem(
                path: path, line: fence.line,
                message: "a `tests` block is judged by its tests passing, not by an `output` block"))
          }
          let text = fence.body.joined(separator: "\n")
          last.expectedOutput = text.isEmpty ? "" : text + "\n"
          snippets.append(last)
        } else {
          problems.append(SnippetProblem(path: path, line: fence.line, message: "an `output` block must follow a swift block"))
        }
        previousWasSwift = false
      default:
        previousWasSwift = false
      }
    }
    if let open {
      problems.append(SnippetProblem(path: path, line: open.fence.line, message: "this code block is never closed"))
    }
    for snippet in snippets where snippet.exampleName != nil && snippet.isTestSuite {
      problems.append(
        SnippetProblem(path: path, line: snippet.line, message: "the example '\(snippet.exampleName!)' holds `tests`; `run` needs a program"))
    }
    for snippet in snippets where snippet.exampleName != nil && snippet.expectedOutput == nil && !snippet.isTestSuite {
      problems.append(
        SnippetProblem(path: path, line: snippet.line, message: "the example '\(snippet.exampleName!)' needs an `output` block after it"))
    }
    let names = snippets.compactMap(\.exampleName)
    for name in Set(names) where names.filter({ $0 == name }).count > 1 {
      problems.append(SnippetProblem(path: path, line: 1, message: "two examples are named '\(name)'"))
    }
    return Collection(snippets: snippets, skipped: skipped, problems: problems)
  }
}
