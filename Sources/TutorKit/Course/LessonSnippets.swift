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
        if fence.info == "continue" {
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
          snippets.append(last)
        } else {
          if !fence.info.isEmpty {
            problems.append(
              SnippetProblem(
                path: path, line: fence.line,
                message: "unknown marker '\(fence.info)' after ```swift (use `continue` or `not-compiled: <reason>`)"))
          }
          snippets.append(
            LessonSnippet(path: path, line: fence.line, code: code, expectedOutput: nil, blockStarts: [(1, fence.line + 1)]))
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
    return Collection(snippets: snippets, skipped: skipped, problems: problems)
  }
}
