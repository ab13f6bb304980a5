import Foundation
import Synchronization
import Testing

@testable import TutorKit

/// `verify`'s planted bugs as libraries (see ``PlantedBugLibraries``): which bugs share the
/// tests compiled once is the compiler's to say, by the interfaces it writes, and a library
/// built from the same files is not built again.
@Suite struct PlantedBugLibrariesTests {
  /// A compiler in miniature: a library's interface is its source file's first line; a source
  /// that says "does not compile" fails.
  final class Compiler: ProcessRunner {
    let fileSystem: InMemoryFileSystem
    private let runs = Mutex<[String]>([])
    var compiled: [String] { runs.withLock { $0 } }

    init(fileSystem: InMemoryFileSystem) {
      self.fileSystem = fileSystem
      fileSystem.add("/tc/swift", "a program")
      fileSystem.add("/tc/swiftc", "a program")
    }

    func locate(_ name: String) -> String? { "/tc/\(name)" }
    func stopProcesses(carrying variable: String, value: String) -> Int { 0 }

    func run(_ request: ProcessRequest) async throws -> ProcessOutcome {
      let arguments = request.arguments
      let sources = arguments.filter { $0.hasSuffix(".swift") }
      runs.withLock { $0.append(FilePath.lastComponent(FilePath.parent(sources[0]))) }
      let text = sources.compactMap { fileSystem.text(at: $0) }.joined()
      guard !text.contains("does not compile") else { return ProcessOutcome(ending: .exited(1), standardOutput: "", standardError: "error") }
      func after(_ option: String) -> String { arguments[arguments.firstIndex(of: option)! + 1] }
      fileSystem.add(after("-o"), "\u{7F}ELF a library")
      fileSystem.add(after("-emit-module-interface-path"), String(text.prefix { $0 != "\n" }))
      return ProcessOutcome(ending: .exited(0), standardOutput: "", standardError: "")
    }
  }

  static let root = "/course"

  func exercise() -> Exercise {
    Exercise(
      id: "counter-tests", title: "Counter", kind: .tests, lessonID: "l", task: Document(), hints: [], files: ["CounterTests.swift"],
      mutants: [
        .init(name: "counts-twice", summary: "s"), .init(name: "widens-the-count", summary: "s"),
        .init(name: "broken", summary: "s"),
      ],
      subjectModule: "Counting")
  }

  func course() -> InMemoryFileSystem {
    let base = "\(Self.root)/Exercises/counter-tests"
    return InMemoryFileSystem(files: [
      "\(base)/Subject/Counter.swift": "public struct Counter { public var count: Int }\nbody",
      "\(base)/Mutants/counts-twice/Counter.swift": "public struct Counter { public var count: Int }\nanother body",
      "\(base)/Mutants/widens-the-count/Counter.swift": "public struct Counter { public var count: Int64 }\nbody",
      "\(base)/Mutants/broken/Counter.swift": "does not compile",
    ])
  }

  func libraries(_ processes: Compiler) -> PlantedBugLibraries {
    PlantedBugLibraries(
      root: Self.root, scratch: "\(Self.root)/.build/verify", processes: processes, fileSystem: processes.fileSystem,
      environment: [:], swift: "/tc/swift", trace: nil)
  }

  @Test func onlyABugThatDeclaresWhatItsSubjectDeclaresRunsFromALibrary() async throws {
    let compiler = Compiler(fileSystem: course())
    let built = try await libraries(compiler).build([exercise()])
    let found = try #require(built["counter-tests"])
    #expect(Set(found.bugs.keys) == ["counts-twice"])
    #expect(found.bugs["counts-twice"] == "\(Self.root)/.build/verify/ditutor-bug-libraries/counter-tests/bugs/counts-twice")
    #expect(compiler.compiled.sorted() == ["Subject", "broken", "counts-twice", "widens-the-count"])
    // Nothing the bugs that share stand for is built by SwiftPM; the others keep their modules.
    let selection = PackageSelection(exercises: [exercise()], code: .solution, libraryBugs: built.mapValues { Set($0.bugs.keys) })
    #expect(!selection.modules.contains(exercise().mutantTestModuleName("counts-twice")))
    #expect(selection.modules.contains(exercise().mutantTestModuleName("widens-the-count")))
    #expect(selection.modules.contains(exercise().mutantTestModuleName("broken")))
  }

  @Test func aLibraryIsBuiltAgainOnlyWhenAFileItIsMadeFromChanges() async throws {
    let compiler = Compiler(fileSystem: course())
    _ = try await libraries(compiler).build([exercise()])
    #expect(compiler.compiled.count == 4)
    _ = try await libraries(compiler).build([exercise()])
    // The one that did not compile is tried again; the three built are kept.
    #expect(compiler.compiled.count == 5)
    compiler.fileSystem.add(
      "\(Self.root)/Exercises/counter-tests/Mutants/widens-the-count/Counter.swift", "public struct Counter { public var count: Int }\nnow")
    let built = try await libraries(compiler).build([exercise()])
    #expect(compiler.compiled.suffix(2).sorted() == ["broken", "widens-the-count"])
    #expect(Set(try #require(built["counter-tests"]).bugs.keys) == ["counts-twice", "widens-the-count"])
    // A library written over (truncated by a full disk, say) is built again, though its sources
    // did not change.
    let library = "\(Self.root)/.build/verify/ditutor-bug-libraries/counter-tests/bugs/counts-twice/libCounting.so"
    compiler.fileSystem.add(library, "\u{7F}ELF")
    _ = try await libraries(compiler).build([exercise()])
    #expect(compiler.compiled.suffix(2).sorted() == ["broken", "counts-twice"])
  }

  @Test func aSubjectThatDoesNotBuildSharesNothing() async throws {
    let fileSystem = course()
    fileSystem.add("\(Self.root)/Exercises/counter-tests/Subject/Counter.swift", "does not compile")
    let built = try await libraries(Compiler(fileSystem: fileSystem)).build([exercise()])
    #expect(built.isEmpty)
  }

  @Test func theOneModuleFormHasNoLibraries() async throws {
    var oneModule = exercise()
    oneModule.subjectModule = nil
    let compiler = Compiler(fileSystem: course())
    #expect(try await libraries(compiler).build([oneModule]).isEmpty)
    #expect(compiler.compiled.isEmpty)
  }
}
