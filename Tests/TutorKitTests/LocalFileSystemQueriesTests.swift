import Foundation
import Testing

@testable import TutorKit

/// The real disk's answers to what a check asks most (is this a folder, where does this link
/// point, what is in this folder), which go straight to the system calls: the same answers
/// `FileManager` gives, on a folder with every kind of entry.
@Suite struct LocalFileSystemQueriesTests {
  let fileSystem = LocalFileSystem()
  let folder: String

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-disk-\(UUID().uuidString)").path
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
    let names = try fileSystem.contentsOfDirectory(at: folder)
    #expect(names == [".A.swift.swp", "Café.swift", "Sources", "dangling", "to-file", "to-folder"])
    #expect(Set(names) == Set(try FileManager.default.contentsOfDirectory(atPath: folder)))
    #expect(throws: (any Error).self) { try fileSystem.contentsOfDirectory(at: folder + "/gone") }
    #expect(throws: (any Error).self) { try fileSystem.contentsOfDirectory(at: folder + "/Sources/A.swift") }
  }

  @Test func foldersAndFilesAreToldApartThroughLinks() {
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

  @Test func aLinkSaysWhereItPointsAndNothingElseDoes() {
    #expect(fileSystem.symbolicLinkDestination(at: folder + "/to-folder") == folder + "/Sources")
    #expect(fileSystem.symbolicLinkDestination(at: folder + "/to-file") == "Sources/A.swift")
    #expect(fileSystem.symbolicLinkDestination(at: folder + "/dangling") == folder + "/gone")
    for name in ["Sources", "Sources/A.swift", "gone", "Café.swift"] {
      #expect(fileSystem.symbolicLinkDestination(at: folder + "/" + name) == nil, "\(name)")
    }
  }
}

/// A run watches its event stream for the line that ends it, reading only what was written
/// since it last looked (a course's stream grows to megabytes), and still finds a marker written
/// in two pieces.
@Suite struct WatchedStreamTests {
  @Test func theEndMarkerIsFoundInWhatWasAppendedEvenAcrossTwoWrites() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-stream-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let marker = Array("\"runEnded\"".utf8)
    var offset: UInt64 = 0
    #expect(!LocalProcessRunner.appended(to: path, after: &offset, contains: marker), "no file yet")
    try Data("{\"kind\":\"runStarted\"}\n{\"kind\":\"run".utf8).write(to: URL(fileURLWithPath: path))
    #expect(!LocalProcessRunner.appended(to: path, after: &offset, contains: marker))
    #expect(offset == UInt64(try Data(contentsOf: URL(fileURLWithPath: path)).count))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("Ended\"}\n".utf8))
    try handle.close()
    #expect(LocalProcessRunner.appended(to: path, after: &offset, contains: marker))
    // Nothing written since: only the last bytes, shorter than a whole marker, are read again.
    let end = offset
    #expect(!LocalProcessRunner.appended(to: path, after: &offset, contains: marker))
    #expect(offset == end)
  }

  @Test func aLinkedObjectBelongsToTheModuleWhoseBuildFolderHoldsIt() {
    #expect(PlantedBugLibraries.buildFolderModule(of: "/c/.build/verify/debug/XTests.build/A.swift.o") == "XTests")
    #expect(PlantedBugLibraries.buildFolderModule(of: "/c/.build/verify/debug/XTests.build/sub/A.swift.o") == "XTests")
    #expect(PlantedBugLibraries.buildFolderModule(of: "/c/.build/verify/debug/swiftrt.o") == nil)
  }
}
