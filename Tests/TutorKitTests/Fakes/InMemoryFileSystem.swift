import Foundation
import Synchronization
import TutorKit

/// A file system in a dictionary: fast, isolated, and able to fail on demand.
final class InMemoryFileSystem: FileSystem {
  private struct Storage {
    var files: [String: Data] = [:]
    var links: [String: String] = [:]
    var directories: Set<String> = ["/"]
    var failingWrites: Set<String> = []
    /// Folders nothing may be created in, changed or locked (a read-only checkout).
    var readOnly: Set<String> = []
    var writes = 0
    /// Bumped on every write of a path: what ``stamp(at:)`` reports as its modification time.
    var versions: [String: Int64] = [:]
    var nextVersion: Int64 = 1
    /// The paths whose lock ``acquireLock(at:)`` handed out: one lock per path, as `flock` has.
    var heldLocks: Set<String> = []
  }

  private let storage = Mutex(Storage())
  /// Serialises `withExclusiveLock` callers, as `flock` does for processes.
  private let lock = NSRecursiveLock()

  init(files: [String: String] = [:]) {
    for (path, text) in files { add(path, text) }
  }

  func add(_ path: String, _ text: String) {
    storage.withLock { storage in
      storage.files[path] = Data(text.utf8)
      storage.versions[path] = storage.nextVersion
      storage.nextVersion += 1
      var directory = FilePath.parent(path)
      while directory != "/" && !directory.isEmpty {
        storage.directories.insert(directory)
        directory = FilePath.parent(directory)
      }
    }
  }

  func text(at path: String) -> String? {
    storage.withLock { $0.files[path].map { String(decoding: $0, as: UTF8.self) } }
  }

  var allPaths: [String] { storage.withLock { $0.files.keys.sorted() } }
  var writeCount: Int { storage.withLock { $0.writes } }

  func failWrites(to path: String) {
    _ = storage.withLock { $0.failingWrites.insert(path) }
  }

  /// Makes `folder` and everything below it read-only, as `chmod -R a-w` would: reads work;
  /// writes, new folders, moves and locks fail with EACCES.
  func makeReadOnly(_ folder: String) {
    _ = storage.withLock { $0.readOnly.insert(folder) }
  }

  private func checkWritable(_ path: String, _ action: String) throws {
    try storage.withLock { storage in
      if storage.readOnly.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
        throw FileSystemError.posix("\(action) \(path)", EACCES)
      }
    }
  }

  func fileExists(at path: String) -> Bool {
    storage.withLock { $0.files[path] != nil }
  }

  func directoryExists(at path: String) -> Bool {
    storage.withLock { $0.directories.contains(path) }
  }

  func contentsOfDirectory(at path: String) throws -> [String] {
    try storage.withLock { storage in
      guard storage.directories.contains(path) else { throw FileSystemError.notFound(path) }
      let prefix = path.hasSuffix("/") ? path : path + "/"
      let children = (Array(storage.files.keys) + Array(storage.directories) + Array(storage.links.keys))
        .filter { $0.hasPrefix(prefix) }
        .compactMap { $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init) }
      return Array(Set(children)).sorted()
    }
  }

  func readFile(at path: String) throws -> Data {
    guard let data = storage.withLock({ $0.files[path] }) else { throw FileSystemError.notFound(path) }
    return data
  }

  func writeAtomically(_ data: Data, to path: String) throws {
    try checkWritable(path, "write")
    try storage.withLock { storage in
      guard !storage.failingWrites.contains(path) else { throw FileSystemError.posix("write \(path)", EIO) }
      guard storage.directories.contains(FilePath.parent(path)) else { throw FileSystemError.notFound(FilePath.parent(path)) }
      storage.files[path] = data
      storage.writes += 1
      storage.versions[path] = storage.nextVersion
      storage.nextVersion += 1
    }
  }

  func createDirectory(at path: String) throws {
    if !directoryExists(at: path) { try checkWritable(path, "create") }
    storage.withLock { storage in
      var directory = path
      while directory != "/" && !directory.isEmpty {
        storage.directories.insert(directory)
        directory = FilePath.parent(directory)
      }
    }
  }

  func writeReplacing(_ data: Data, to path: String) throws {
    try writeAtomically(data, to: path)
  }

  /// Links are kept apart from files: enough to see what was linked where.
  func symbolicLinkDestination(at path: String) -> String? {
    storage.withLock { $0.links[path] }
  }

  func createSymbolicLink(at path: String, pointingTo destination: String) throws {
    try storage.withLock { storage in
      guard storage.links[path] == nil, storage.files[path] == nil else { throw FileSystemError.alreadyExists(path) }
      storage.links[path] = destination
    }
  }

  func createNewDirectory(at path: String) throws {
    try checkWritable(path, "create")
    try storage.withLock { storage in
      guard storage.files[path] == nil, !storage.directories.contains(path) else { throw FileSystemError.alreadyExists(path) }
      guard storage.directories.contains(FilePath.parent(path)) else { throw FileSystemError.notFound(FilePath.parent(path)) }
      storage.directories.insert(path)
    }
  }

  /// Moves a file, or a directory with everything below it, as `rename` does.
  func moveItem(from source: String, to destination: String) throws {
    try checkWritable(source, "move")
    try checkWritable(destination, "move")
    try storage.withLock { storage in
      guard storage.files[destination] == nil, !storage.directories.contains(destination) else {
        throw FileSystemError.alreadyExists(destination)
      }
      if let data = storage.files.removeValue(forKey: source) {
        storage.files[destination] = data
        return
      }
      guard storage.directories.contains(source) else { throw FileSystemError.notFound(source) }
      let prefix = source + "/"
      for (path, data) in storage.files where path.hasPrefix(prefix) {
        storage.files.removeValue(forKey: path)
        storage.files[destination + "/" + path.dropFirst(prefix.count)] = data
      }
      for path in storage.directories where path == source || path.hasPrefix(prefix) {
        storage.directories.remove(path)
        storage.directories.insert(destination + path.dropFirst(source.count))
      }
    }
  }

  func removeBuildFolder(at path: String) throws {
    storage.withLock { storage in
      let prefix = path + "/"
      storage.files = storage.files.filter { !$0.key.hasPrefix(prefix) }
      storage.directories = storage.directories.filter { $0 != path && !$0.hasPrefix(prefix) }
    }
  }

  func copyItem(from source: String, to destination: String) throws {
    try writeAtomically(readFile(at: source), to: destination)
  }

  func removeItem(at path: String) throws {
    storage.withLock { storage in
      storage.files.removeValue(forKey: path)
      storage.links.removeValue(forKey: path)
    }
  }

  func withExclusiveLock<T>(at path: String, _ body: () throws -> T) throws -> T {
    try checkWritable(path, "open lock")
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  func acquireLock(at path: String) async throws -> any HeldLock {
    try checkWritable(path, "open lock")
    while !storage.withLock({ storage in
      storage.heldLocks.insert(path).inserted
    }) {
      try await Task.sleep(for: .milliseconds(5))
    }
    return Held { [self] in storage.withLock { _ = $0.heldLocks.remove(path) } }
  }

  func tryLock(at path: String) throws -> (any HeldLock)? {
    let taken = storage.withLock { $0.heldLocks.insert(path).inserted }
    return taken ? Held { [self] in storage.withLock { _ = $0.heldLocks.remove(path) } } : nil
  }

  private struct Held: HeldLock {
    let unlock: @Sendable () -> Void
    func release() { unlock() }
  }

  func stamp(at path: String) -> FileStamp? {
    storage.withLock { storage in
      guard let data = storage.files[path] else { return nil }
      return FileStamp(modified: storage.versions[path] ?? 0, size: Int64(data.count), inode: UInt64(abs(path.hashValue)))
    }
  }
}
