import Foundation

/// The Swift programs a lesson contains, as the test suite compiles them (see `Lessons/README.md`):
/// each ` ```swift ` block on its own, `swift continue` blocks joined to the ones before, and an
/// ` ```output ` block right after a program as the output it must print.
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

  public var description: String { "\(path):\(line)" }

  /// Maps a line of `code` back to the line of the lesson file it came from.
  public func lessonLine(forCodeLine codeLine: Int) -> Int {
    guard let block = blockStarts.last(where: { $0.codeLine <= codeLine }) else { return line }
    return block.lessonLine + (codeLine - block.codeLine)
  }

  public static func == (lhs: LessonSnippet, rhs: LessonSnippet) -> Bool {
    lhs.path == rhs.path && lhs.line == rhs.line && lhs.code == rhs.code
      && lhs.expectedOutput == rhs.expectedOutput
  }
}

/// Something wrong with how a lesson's code blocks are marked.
public struct SnippetProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var line: Int
  public var message: String

  public var description: String { "\(path):\(line): \(message)" }
}

/// The words after ```swift: `continue`, `example: <name>`, in any order.
struct SnippetMarker {
  var continues = false
  var example: String?
  var unknown: String?

  init(_ info: String) {
    var words = info.split(separator: " ").map(String.init)[...]
    while let word = words.popFirst() {
      if word == "continue" {
        continues = true
      } else if word == "example:", let name = words.popFirst() {
        example = name
      } else if word.hasPrefix("example:"), word.count > 8 {
        example = String(word.dropFirst(8))
      } else {
        unknown = word
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
        if let unknown = marker.unknown {
          problems.append(
            SnippetProblem(
              path: path, line: fence.line,
              message: "unknown marker '\(unknown)' after ```swift (use `continue`, `example: <name>` or `not-compiled: <reason>`)"))
        }
        if marker.continues {
          guard var last = snippets.popLast() else {
            problems.append(
              SnippetProblem(path: path, line: fence.line, message: "`swift continue` has no swift block before it to continue"))
            continue
          }
          if last.expectedOutput != nil {
            problems.append(
              SnippetProblem(
                path: path, line: fence.line,
                message: "`swift continue` follows a block that already has its `output`; only the last block of a chain may have one"))
          }
          let codeLine = last.code.split(separator: "\n", omittingEmptySubsequences: false).count + 1
          last.code += "\n" + code
          last.blockStarts.append((codeLine, fence.line + 1))
          last.exampleName = marker.example ?? last.exampleName
          snippets.append(last)
        } else {
          snippets.append(
            LessonSnippet(
              path: path, line: fence.line, code: code, expectedOutput: nil, blockStarts: [(1, fence.line + 1)],
              exampleName: marker.example))
        }
        previousWasSwift = true
      case "output":
        if previousWasSwift, var last = snippets.popLast() {
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
    for snippet in snippets where snippet.exampleName != nil && snippet.expectedOutput == nil {
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
