import Foundation

/// The live ``CodeReviewer``: the analyzer in `Review/` (swift-syntax), a package of its own so
/// that no learner's first build or check compiles swift-syntax. The first review builds it into
/// `.build/review` (a minute or two on two cores, said while it happens); later ones run it at
/// once, and build again only when its sources changed (a `git pull`).
public struct ReviewTool: CodeReviewer {
  private let root: String
  private let processes: any ProcessRunner
  private let fileSystem: any FileStore & FileStamps & FileLocks
  private let environment: [String: String]
  /// An analyzer built elsewhere (`DITUTOR_REVIEWER`): used as it is, never built.
  private let prebuilt: String?

  /// `prebuilt`: the path of a `ditutor-review` built elsewhere, run instead of building one
  /// here (a course copy in the end-to-end tests, a classroom's shared machine).
  public init(
    root: String, processes: any ProcessRunner, fileSystem: any FileStore & FileStamps & FileLocks, environment: [String: String],
    prebuilt: String? = nil
  ) {
    self.root = root
    self.processes = processes
    self.fileSystem = fileSystem
    self.environment = environment
    self.prebuilt = prebuilt
  }

  var package: String { FilePath.join(root, "Review") }
  var scratch: String { FilePath.join(root, ".build", "review") }
  var binary: String { prebuilt ?? FilePath.join(scratch, "debug", "ditutor-review") }
  /// What the binary was built from, written after each build: when it no longer matches, the
  /// next review builds again.
  var builtFrom: String { FilePath.join(scratch, "ditutor-review.built-from") }

  /// The analyzer's sources and manifest, with their stamps: its build's inputs.
  func sourcesKey() -> String {
    var paths = [FilePath.join(package, "Package.swift")]
    func walk(_ folder: String) {
      for name in ((try? fileSystem.contentsOfDirectory(at: folder)) ?? []).sorted() {
        let path = FilePath.join(folder, name)
        if fileSystem.directoryExists(at: path) { walk(path) } else if name.hasSuffix(".swift") { paths.append(path) }
      }
    }
    walk(FilePath.join(package, "Sources"))
    return paths.map { path in
      let stamp = fileSystem.stamp(at: path).map { "\($0.modified) \($0.size)" } ?? "missing"
      return "\(FilePath.relative(path, to: root)) \(stamp)"
    }.joined(separator: "\n")
  }

  public func isReady() -> Bool {
    if prebuilt != nil { return fileSystem.fileExists(at: binary) }
    return fileSystem.fileExists(at: binary) && (try? fileSystem.readText(at: builtFrom)) == sourcesKey()
  }

  public func review(_ files: ReviewFiles, progress: @escaping @Sendable (String) -> Void) async throws -> [ReviewRemark] {
    try await run(files.arguments, progress: progress)
  }

  /// One process for them all, each exercise after `--next`.
  public func reviewEach(_ groups: [ReviewFiles]) async throws -> [ReviewRemark] {
    guard !groups.isEmpty else { return [] }
    return try await run(Array(groups.map(\.arguments).joined(separator: ["--next"])), progress: { _ in })
  }

  private func run(_ arguments: [String], progress: @escaping @Sendable (String) -> Void) async throws -> [ReviewRemark] {
    if let prebuilt {
      guard fileSystem.fileExists(at: prebuilt) else {
        throw CommandFailure(message: "DITUTOR_REVIEWER names \(prebuilt), and there is no reviewer there.", status: 1)
      }
    } else if !isReady() {
      guard fileSystem.fileExists(at: FilePath.join(package, "Package.swift")) else {
        throw CommandFailure(message: "This course has no reviewer: there is no Review/ folder beside Lessons/ and Exercises/.", status: 1)
      }
      try await build(progress: progress)
    }
    let outcome = try await processes.run(
      ProcessRequest(
        executable: binary, arguments: ["--rules", FilePath.join(root, ReviewRules.path)] + arguments,
        environment: environment, workingDirectory: root, timeout: .seconds(60), outputLimit: 4 << 20, mayLeaveProcesses: false))
    guard outcome.ending == .exited(0) else {
      throw CommandFailure(message: "The reviewer stopped without a review: \(Self.lastLines(outcome.standardError))", status: 1)
    }
    struct Output: Decodable { var remarks: [ReviewRemark] }
    do {
      return try JSONDecoder().decode(Output.self, from: Data(outcome.standardOutput.utf8)).remarks
    } catch {
      throw CommandFailure(message: "The reviewer's answer could not be read: \(error)", status: 1)
    }
  }

  public func prepare() async throws {
    guard prebuilt == nil, !isReady(), fileSystem.fileExists(at: FilePath.join(package, "Package.swift")) else { return }
    try await build(progress: { _ in }, lowPriority: true)
  }

  /// Builds the analyzer, one build at a time for the checkout (a second terminal, or a review
  /// while the REPL builds it in the background, waits for it).
  private func build(progress: @escaping @Sendable (String) -> Void, lowPriority: Bool = false) async throws {
    guard let swift = processes.locate("swift") else { throw RunnerError.swiftMissing }
    if !fileSystem.directoryExists(at: scratch) { try fileSystem.createDirectory(at: scratch) }
    let lockPath = FilePath.join(root, ".build", "review.lock")
    let lock: any HeldLock
    if let free = try fileSystem.tryLock(at: lockPath) {
      lock = free
    } else {
      progress("Waiting for the reviewer's build, which is already under way (in the background, or in another window) …")
      lock = try await fileSystem.acquireLock(at: lockPath)
    }
    defer { lock.release() }
    let key = sourcesKey()
    if fileSystem.fileExists(at: binary), (try? fileSystem.readText(at: builtFrom)) == key { return }
    // A ditutor killed while it built (kill -9, a closed window) left its `swift build` going;
    // with the lock held, anything still building here is such a leftover.
    _ = processes.stopProcesses(carrying: Self.ownerVariable, value: scratch)
    var environment = self.environment
    environment[Self.ownerVariable] = scratch
    progress(
      "Building the reviewer, once: it reads Swift with swift-syntax, which takes a minute or two to compile. Checks never wait for it.")
    // In the background it yields every core to whatever the learner runs (`nice -n 19`).
    let build = ["build", "--package-path", package, "--scratch-path", scratch, "--product", "ditutor-review"]
    let nice = lowPriority ? processes.locate("nice") : nil
    let outcome = try await processes.run(
      ProcessRequest(
        executable: nice ?? swift, arguments: nice == nil ? build : ["-n", "19", swift] + build,
        environment: environment, workingDirectory: root, timeout: .seconds(1800), outputLimit: 1 << 20))
    switch outcome.ending {
    case .exited(0): try fileSystem.writeAtomically(Data(key.utf8), to: builtFrom)
    case .cancelled: throw CancellationError()
    default:
      let errors = (outcome.standardOutput + "\n" + outcome.standardError).split(separator: "\n").filter { $0.contains("error:") }
      let shown = errors.isEmpty ? Self.lastLines(outcome.standardOutput + outcome.standardError) : errors.prefix(5).joined(separator: "\n")
      throw CommandFailure(message: "The reviewer did not build (swift build --package-path Review):\n\(shown)", status: 1)
    }
  }

  /// Marks the processes of a build of the reviewer, with its build folder as the value.
  static let ownerVariable = "DITUTOR_REVIEW_BUILD"

  static func lastLines(_ text: String) -> String {
    text.split(separator: "\n").suffix(5).joined(separator: "\n")
  }
}
