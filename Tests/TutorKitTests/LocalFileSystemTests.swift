import Foundation
import Testing
@testable import TutorKit

/// The real disk, in a temporary folder.
@Suite struct LocalFileSystemTests {
  let fileSystem = LocalFileSystem()
  let folder: String

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-fs-\(UUID().uuidString)").path
    try LocalFileSystem().createDirectory(at: folder)
  }

  @Test func atomicWritesReplaceWholeFilesAndLeaveNoTemporaries() throws {
    let path = folder + "/state.json"
    try fileSystem.writeAtomically(Data("one".utf8), to: path)
    try fileSystem.writeAtomically(Data("two".utf8), to: path)
    #expect(try fileSystem.readText(at: path) == "two")
    #expect(try fileSystem.contentsOfDirectory(at: folder) == ["state.json"])
  }

  @Test func copyMoveAndRemove() throws {
    try fileSystem.writeAtomically(Data("x".utf8), to: folder + "/a")
    try fileSystem.copyItem(from: folder + "/a", to: folder + "/b")
    try fileSystem.moveItem(from: folder + "/b", to: folder + "/c")
    try fileSystem.removeItem(at: folder + "/a")
    try fileSystem.removeItem(at: folder + "/never-existed")
    #expect(try fileSystem.contentsOfDirectory(at: folder) == ["c"])
    #expect(fileSystem.fileExists(at: folder + "/c") && !fileSystem.directoryExists(at: folder + "/c"))
  }

  @Test func aNewDirectoryIsClaimedByOneCallerOnly() throws {
    try fileSystem.createNewDirectory(at: folder + "/backup")
    #expect(throws: FileSystemError.alreadyExists(folder + "/backup")) { try fileSystem.createNewDirectory(at: folder + "/backup") }
  }

  @Test func aMoveNeverReplacesWhatIsAlreadyThere() throws {
    try fileSystem.writeAtomically(Data("first".utf8), to: folder + "/aside")
    try fileSystem.writeAtomically(Data("second".utf8), to: folder + "/state")
    #expect(throws: FileSystemError.alreadyExists(folder + "/aside")) {
      try fileSystem.moveItem(from: folder + "/state", to: folder + "/aside")
    }
    #expect(try fileSystem.readText(at: folder + "/aside") == "first")
    #expect(try fileSystem.readText(at: folder + "/state") == "second")
  }

  @Test func aWholeTreeMovesInOneRename() throws {
    try fileSystem.createDirectory(at: folder + "/Sources/Helpers")
    try fileSystem.writeAtomically(Data("h".utf8), to: folder + "/Sources/Helpers/Extra.swift")
    try fileSystem.createNewDirectory(at: folder + "/backup")
    try fileSystem.moveItem(from: folder + "/Sources/Helpers", to: folder + "/backup/Helpers")
    #expect(try fileSystem.readText(at: folder + "/backup/Helpers/Extra.swift") == "h")
    #expect(try fileSystem.contentsOfDirectory(at: folder + "/Sources").isEmpty)
  }

  @Test func aBuildFolderIsRemovedWithEverythingInIt() throws {
    try fileSystem.createDirectory(at: folder + "/.build/exercises/debug")
    try fileSystem.writeAtomically(Data("o".utf8), to: folder + "/.build/exercises/debug/x.o")
    try fileSystem.removeBuildFolder(at: folder + "/.build/exercises")
    try fileSystem.removeBuildFolder(at: folder + "/.build/never-existed")
    #expect(try fileSystem.contentsOfDirectory(at: folder + "/.build").isEmpty)
  }

  @Test func theLockLetsOneHolderInAtATime() async throws {
    let lock = folder + "/lock"
    let counter = folder + "/counter"
    try fileSystem.writeAtomically(Data("0".utf8), to: counter)
    let fileSystem = self.fileSystem
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<20 {
        group.addTask {
          _ = try? fileSystem.withExclusiveLock(at: lock) {
            let value = Int(try fileSystem.readText(at: counter)) ?? 0
            try fileSystem.writeAtomically(Data(String(value + 1).utf8), to: counter)
          }
        }
      }
    }
    #expect(try fileSystem.readText(at: counter) == "20")
  }
}
