import Foundation
import Testing

@testable import TutorKit

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
    #expect(FilePath.builtObject("/c/.build/verify/debug/XTests.build/A.swift.o")?.module == "XTests")
    #expect(FilePath.builtObject("/c/.build/verify/debug/XTests.build/sub/A.swift.o")?.module == "XTests")
    #expect(FilePath.builtObject("/c/.build/verify/debug/swiftrt.o")?.module == nil)
  }
}
