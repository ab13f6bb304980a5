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

  // What a check asks most (is this a folder, where does this link point, what is in this
  // folder) goes straight to the system calls: the same answers `FileManager` gives, on a folder
  // with every kind of entry.

  /// A file in a folder, a hidden file, a name that is not ASCII, links to a folder and to a
  /// file, and one to nothing.
  func makeEntriesOfEveryKind() throws {
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder + "/Sources", withIntermediateDirectories: true)
    try "struct A {}\n".write(toFile: folder + "/Sources/A.swift", atomically: true, encoding: .utf8)
    try "".write(toFile: folder + "/.A.swift.swp", atomically: true, encoding: .utf8)
    try "".write(toFile: folder + "/Café.swift", atomically: true, encoding: .utf8)
    try manager.createSymbolicLink(atPath: folder + "/to-folder", withDestinationPath: folder + "/Sources")
    try manager.createSymbolicLink(atPath: folder + "/to-file", withDestinationPath: "Sources/A.swift")
    try manager.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/gone")
  }

  @Test func aFolderListsEveryEntryButDotAndDotDotSorted() throws {
    try makeEntriesOfEveryKind()
    let names = try fileSystem.contentsOfDirectory(at: folder)
    #expect(names == [".A.swift.swp", "Café.swift", "Sources", "dangling", "to-file", "to-folder"])
    #expect(Set(names) == Set(try FileManager.default.contentsOfDirectory(atPath: folder)))
    #expect(throws: (any Error).self) { try fileSystem.contentsOfDirectory(at: folder + "/gone") }
    #expect(throws: (any Error).self) { try fileSystem.contentsOfDirectory(at: folder + "/Sources/A.swift") }
  }

  @Test func foldersAndFilesAreToldApartThroughLinks() throws {
    try makeEntriesOfEveryKind()
    for (name, isFolder, isFile) in [
      ("Sources", true, false), ("Sources/A.swift", false, true), ("to-folder", true, false), ("to-file", false, true),
      ("dangling", false, false), ("gone", false, false), ("Café.swift", false, true),
    ] {
      let path = folder + "/" + name
      #expect(fileSystem.directoryExists(at: path) == isFolder, "\(name)")
      #expect(fileSystem.fileExists(at: path) == isFile, "\(name)")
      var isDirectory: ObjCBool = false
      let foundation = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) ? (isDirectory.boolValue ? "folder" : "file") : "none"
      let ours = fileSystem.directoryExists(at: path) ? "folder" : fileSystem.fileExists(at: path) ? "file" : "none"
      #expect(ours == foundation, "\(name)")
    }
  }

  @Test func aLinkSaysWhereItPointsAndNothingElseDoes() throws {
    try makeEntriesOfEveryKind()
    #expect(fileSystem.symbolicLinkDestination(at: folder + "/to-folder") == folder + "/Sources")
    #expect(fileSystem.symbolicLinkDestination(at: folder + "/to-file") == "Sources/A.swift")
    #expect(fileSystem.symbolicLinkDestination(at: folder + "/dangling") == folder + "/gone")
    for name in ["Sources", "Sources/A.swift", "gone", "Café.swift"] {
      #expect(fileSystem.symbolicLinkDestination(at: folder + "/" + name) == nil, "\(name)")
    }
  }
}
