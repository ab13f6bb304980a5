import Foundation
import TutorKit

/// Which of a compile step's module inputs it really reads.
///
/// SwiftPM lists every module a target depends on as an input of its compile, and makes the
/// test runner's compile wait for every test module, though the runner imports none of them
/// (Swift Testing finds tests at run time). A changed test module would then compile the runner
/// again on every check: most of a second, for a file that did not change. A module's interface
/// can only reach a compile that names it (`import X`, `-module-alias X=Y`) or imports a module
/// that does; every other module input only orders the steps.
extension WarmBuilder {
  /// The `.swiftmodule` inputs of step `index` whose module neither its sources nor its
  /// arguments name, nor any module they name imports in turn: a change to one of those need
  /// not run the step again. Empty for a step without Swift sources (a link, a module wrap).
  func unreadModules(of index: Int, in steps: [WarmBuildRecord.Step]) -> [String] {
    let step = steps[index]
    let sources = step.inputs.filter { $0.hasSuffix(".swift") }
    let modules = step.inputs.filter { $0.hasSuffix(".swiftmodule") }
    guard !sources.isEmpty, !modules.isEmpty else { return [] }
    var texts = sources.map { (try? fileSystem.readText(at: $0)) ?? "" }
    // The arguments that are not paths (`-module-alias X=Y`): SwiftPM's discovered-tests module
    // compiles a file named after each test module, which names no module inside.
    texts.append(step.jobs.joined().filter { !$0.hasPrefix("/") && !$0.hasSuffix(".swift") }.joined(separator: " "))
    func name(_ module: String) -> String { String(FilePath.lastComponent(module).dropLast(".swiftmodule".count)) }
    // A source that cannot be read names every module: nothing is taken as unread.
    guard sources.allSatisfy({ fileSystem.fileExists(at: $0) }) else { return [] }
    var read = Set(modules.filter { module in texts.contains { $0.contains(name(module)) } })
    // What a read module's own compile imported, it reads too (not what that compile only
    // waited for: steps come in dependency order, so the producer's own are known already).
    var maker: [String: Int] = [:]
    for (index, step) in steps.enumerated() {
      for output in step.outputs where output.hasSuffix(".swiftmodule") { maker[output] = index }
    }
    var pending = Array(read)
    while let module = pending.popLast() {
      guard let producer = maker[module] else { continue }
      let waitedFor = Set(steps[producer].unread ?? [])
      for imported in steps[producer].inputs where imported.hasSuffix(".swiftmodule") && !waitedFor.contains(imported) {
        if read.insert(imported).inserted { pending.append(imported) }
      }
    }
    return modules.filter { !read.contains($0) }
  }
}
