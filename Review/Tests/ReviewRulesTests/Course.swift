import Foundation

@testable import ReviewRules

/// The course beside this package: its exercises, the rules, the corpus.
enum Course {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
  }()

  static let book: RuleBook = try! RuleBook.load(from: root + "/Review/Rules.json")

  static func swiftFiles(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
  }

  static func folders(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().filter { name in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
    }
  }

  static func file(_ path: String, _ role: SourceFile.Role, reviewed: Bool) -> SourceFile {
    SourceFile(path: path, text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "", role: role, reviewed: reviewed)
  }

  /// An exercise's `folder` (Solution, Starter, Shortcuts/…) as `ditutor review` reads the
  /// learner's copy of it: code against the exercise's tests, or a write-the-test exercise's
  /// tests against its subject.
  static func exerciseFiles(_ exercise: String, folder: String, beside includeBeside: Bool = true) -> [SourceFile] {
    let base = root + "/Exercises/" + exercise
    let writesTests = FileManager.default.fileExists(atPath: base + "/Subject")
    let reviewed = swiftFiles(in: base + "/" + folder).map { file($0, writesTests ? .tests : .code, reviewed: true) }
    guard includeBeside else { return reviewed }
    let beside =
      writesTests
      ? swiftFiles(in: base + "/Subject").map { file($0, .code, reviewed: false) }
      : swiftFiles(in: base + "/Tests").map { file($0, .tests, reviewed: false) }
    return reviewed + beside
  }

  /// `file:line rule`, with the file relative to the course: how expectations are written.
  static func line(_ remark: Remark) -> String {
    let file = remark.file.hasPrefix(root + "/") ? String(remark.file.dropFirst(root.count + 1)) : remark.file
    return "\(file):\(remark.line) \(remark.rule)"
  }
}
