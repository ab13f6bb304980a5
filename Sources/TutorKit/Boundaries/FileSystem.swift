import Foundation

/// The file system as the engine needs it: four small ports, each asked for by the code that
/// needs it and no more. The live version of all four is ``LocalFileSystem``; tests hand in an
/// in-memory one, so no engine test touches the disk.
///
/// Paths are absolute strings; ``FilePath`` helps join them.
public typealias FileSystem = FileStore & FileLocks & ToolFolders & FileStamps

/// Files and folders: what reading a course, saving progress and writing a report need.
public protocol FileStore: Sendable {
  func fileExists(at path: String) -> Bool
  func directoryExists(at path: String) -> Bool
  /// Names (not paths) of the entries in a directory, sorted.
  func contentsOfDirectory(at path: String) throws -> [String]
  func readFile(at path: String) throws -> Data
  /// Writes so that a reader sees either the old file or the new one, never a half-written one,
  /// and the new one survives a crash right after this returns (temporary file, fsync, rename).
  func writeAtomically(_ data: Data, to path: String) throws
  func createDirectory(at path: String) throws
  /// Creates one new directory, failing with ``FileSystemError/alreadyExists(_:)`` when there is
  /// already something at `path`: two processes asking for the same name never both get it.
  func createNewDirectory(at path: String) throws
  /// Moves a file or a whole directory tree (a rename: nothing is copied, nothing is lost). Never
  /// replaces: fails with ``FileSystemError/alreadyExists(_:)`` when there is already something
  /// at `destination`, so a move also claims the name, as ``createNewDirectory(at:)`` does.
  func moveItem(from source: String, to destination: String) throws
  /// Copies a file, replacing `destination` if it exists (the copy is written atomically).
  func copyItem(from source: String, to destination: String) throws
  /// Deletes a file the tool itself created (a scratch file). Never used on the learner's work.
  func removeItem(at path: String) throws
}

/// Advisory locks between ditutor processes on one checkout (two terminals, a grader).
public protocol FileLocks: Sendable {
  /// Runs `body` while holding an exclusive advisory lock on `path` (created if missing), so two
  /// ditutor processes on one checkout take turns.
  func withExclusiveLock<T>(at path: String, _ body: () throws -> T) throws -> T
  /// Waits, without blocking a thread, for an exclusive advisory lock on `path` (created if
  /// missing), held until ``HeldLock/release()``: for work that awaits, such as a build.
  func acquireLock(at path: String) async throws -> any HeldLock
  /// The same lock if it is free now, or nil when someone holds it.
  func tryLock(at path: String) throws -> (any HeldLock)?
}

/// Folders the tool builds itself and can make again: build folders, and the folders of links
/// a planted bug's test module builds from.
public protocol ToolFolders: Sendable {
  /// Where a symbolic link points (as written in it), or nil when `path` is not a link.
  func symbolicLinkDestination(at path: String) -> String?
  /// Makes a symbolic link at `path` to `destination` (relative to the link's folder, or absolute).
  func createSymbolicLink(at path: String, pointingTo destination: String) throws
  /// Writes a file the tool can make again (a build's output, a copy, a cache entry) so that a
  /// reader sees the old one or the new one, never half of one (temporary file, rename), without
  /// waiting for the disk: a killed process loses nothing, a machine that loses power may lose
  /// the file, which is then made again. A grading lane writes hundreds for each learner, and
  /// ``FileStore/writeAtomically(_:to:)``'s flushes cost it about 0.3 s a learner.
  func writeReplacing(_ data: Data, to path: String) throws
  /// Deletes a directory tree the tool itself created and can make again (an exercise's build
  /// folder). Never used on the learner's work.
  func removeBuildFolder(at path: String) throws
}

/// What a build tool compares to decide whether a file changed.
public protocol FileStamps: Sendable {
  /// What identifies a file's current version (its modification time, size and inode, following
  /// links), or nil when there is no file: a build step is rerun when one of its inputs changes.
  func stamp(at path: String) -> FileStamp?
}

/// A lock from ``FileLocks/acquireLock(at:)``.
public protocol HeldLock: Sendable {
  func release()
}

/// A file's version as a build tool sees it: any write changes it.
public struct FileStamp: Codable, Sendable, Equatable {
  public var modified: Int64
  public var size: Int64
  public var inode: UInt64

  public init(modified: Int64, size: Int64, inode: UInt64) {
    self.modified = modified
    self.size = size
    self.inode = inode
  }

  /// The stamp as a line of a content key (what a kept result or library was made from).
  public var keyLine: String { "\(modified) \(size) \(inode)" }
}

extension FileStore {
  public func readText(at path: String) throws -> String {
    let data = try readFile(at: path)
    return String(decoding: data, as: UTF8.self)
  }
}

/// Joins and splits the absolute paths that ``FileSystem`` takes.
public enum FilePath {
  /// The module whose build folder (`…/<module>.build/`, the nearest above it) holds compiled
  /// object `path`, and the object's name; nil for anything else. How a link line's objects are
  /// told apart by module (it names every object of a course: no path is split into an array).
  public static func builtObject(_ path: String) -> (module: Substring, file: Substring)? {
    // Read as UTF-8 (a lane's link names every object of the course, read for each learner):
    // the separators and the suffixes are ASCII, so each index found is one of `path`'s too.
    let bytes = path.utf8
    let slashByte = UInt8(ascii: "/")
    let build = ".build".utf8
    guard bytes.count > 2, bytes.last == UInt8(ascii: "o"), bytes[bytes.index(bytes.endIndex, offsetBy: -2)] == UInt8(ascii: "."),
      let slash = bytes.lastIndex(of: slashByte)
    else { return nil }
    var end = slash
    while true {
      let start = bytes[..<end].lastIndex(of: slashByte).map { bytes.index(after: $0) } ?? bytes.startIndex
      if bytes.distance(from: start, to: end) > build.count {
        let suffix = bytes.index(end, offsetBy: -build.count)
        if bytes[suffix..<end].elementsEqual(build) { return (path[start..<suffix], path[bytes.index(after: slash)...]) }
      }
      guard start > bytes.startIndex else { return nil }
      end = bytes.index(before: start)
    }
  }

  public static func join(_ base: String, _ components: String...) -> String {
    components.reduce(base) { path, component in
      if component.isEmpty { return path }
      if path.hasSuffix("/") { return path + component }
      return path + "/" + component
    }
  }

  /// `path` relative to `root` when it lies inside it, for messages a learner reads.
  public static func relative(_ path: String, to root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  public static func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  public static func parent(_ path: String) -> String {
    var parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return path }
    parts.removeLast()
    let joined = parts.joined(separator: "/")
    return joined.isEmpty ? "/" : joined
  }
}
