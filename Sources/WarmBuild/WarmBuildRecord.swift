import Foundation
import TutorKit

/// What ditutor keeps of one configuration's build (one exercise, one choice of code), so that
/// the next check of it can compile, link and test without the package manager: the steps of
/// SwiftPM's plan, each as the compiler jobs it stands for, the files and tools the plan was
/// made from, and the state of every step when it last succeeded.
///
/// One record per configuration, in the check's build folder (`ditutor-warm/<key>.json`).
/// Configurations share some outputs (the test program, the generated test runner); each record
/// notices when another build has changed them, by their stamps, and redoes those steps.
struct WarmBuildRecord: Codable, Equatable, Sendable {
  static let folder = "ditutor-warm"
  /// 3: records only of builds that succeeded, and jobs that run in the build folder; a record of
  /// an earlier version may have been made from another exercise's files. 5: module inputs a
  /// step does not read (``Step/unread``), through the modules it imports.
  static let currentVersion = 5

  var version = Self.currentVersion
  /// The checkout it was built for; a moved checkout starts again.
  var root: String
  /// What the manifest read and what SwiftPM was asked (see ``WarmBuilder/Configuration``).
  var configuration: [String: String]
  /// Package.swift when the plan was made.
  var manifest: FileStamp?
  /// Every program the jobs run, and `swift` itself: a changed one is a new toolchain.
  var tools: [String: FileStamp?]
  /// For each folder the plan was made from, every entry under it (see ``WarmBuilder/listing(of:deep:)``):
  /// a file added, removed or renamed changes what SwiftPM would build.
  var listings: [String: [String]]
  /// The files SwiftPM writes itself rather than through a program (source lists, the link
  /// list, the discovered tests and the test runner's entry point), as it wrote them for this
  /// plan. Another configuration's build rewrites some of them; they are put back before a step
  /// that reads them runs.
  var generated: [String: Data]
  /// In dependency order.
  var steps: [Step]
  /// The linked test program.
  var testProgram: String

  /// One command of SwiftPM's plan.
  struct Step: Codable, Equatable, Sendable {
    var name: String
    var inputs: [String]
    var outputs: [String]
    /// The programs it runs: for a module, the compiler jobs the Swift driver plans for a clean
    /// build of that module (compile and emit-module, side by side); for the link, the
    /// driver's autolink and linker jobs, in order.
    var jobs: [[String]]
    var concurrent: Bool
    /// Each input's and output's stamp when the step last succeeded; nil until it has (or
    /// after it failed): then it runs.
    var inputStamps: [FileStamp?]?
    var outputStamps: [FileStamp?]?
    /// Module interfaces among the inputs that the step's sources do not import, as of its last
    /// run (see ``WarmBuilder/unreadModules(of:in:)``): they order the steps, and a change to
    /// one does not make the step out of date.
    var unread: [String]? = nil
    /// Whether a grading lane has kept what the step last made (see
    /// `WarmBuilder+KeptSteps.swift`); nil or false once it runs again until it is kept.
    var kept: Bool? = nil
  }

  /// The record's file name for a configuration: a short hash of it, stable across runs.
  static func fileName(for configuration: [String: String]) -> String {
    // FNV-1a over the sorted pairs; Swift's own hashing is seeded per process.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in configuration.sorted(by: { $0.key < $1.key }).map({ "\($0.key)=\($0.value)\n" }).joined().utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16) + ".json"
  }
}
