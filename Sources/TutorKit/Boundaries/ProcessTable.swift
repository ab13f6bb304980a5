import Foundation
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's table of processes, as Linux shows it in /proc: who started whom, and each
/// process's environment. The one file that reads /proc for the process runner; on a system
/// without it the table is empty, and stopping a run still kills its process group.
enum ProcessTable {
  /// Each process's children, by parent.
  static func childrenByParent() -> [pid_t: [pid_t]] {
    var map: [pid_t: [pid_t]] = [:]
    for (child, parent) in parentByChild() { map[parent, default: []].append(child) }
    return map
  }

  /// The children of `pid`, from the lists Linux keeps of each of its threads' children
  /// (`/proc/<pid>/task/<thread>/children`): a few small reads where ``childrenByParent()`` reads
  /// every process's `stat`. Nil where the kernel keeps no such lists.
  static func children(of pid: pid_t) -> [pid_t]? {
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
    var found: [pid_t] = []
    for thread in threads {
      // A thread that ended since the listing has no list: it has no children either.
      guard let list = FileManager.default.contents(atPath: "/proc/\(pid)/task/\(thread)/children") else {
        if FileManager.default.fileExists(atPath: "/proc/\(pid)/task/\(thread)/stat") { return nil }
        continue
      }
      found += String(decoding: list, as: UTF8.self).split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
    return found
  }

  /// Every process's parent, read from /proc (Linux). Empty elsewhere.
  static func parentByChild() -> [pid_t: pid_t] {
    var map: [pid_t: pid_t] = [:]
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return map }
    for entry in entries {
      guard let child = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // "pid (name) state ppid ...": the name may hold spaces and parentheses.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 2, let parent = pid_t(fields[1]) { map[child] = parent }
    }
    return map
  }

  /// The environment `pid` was started with, as `NAME=value` entries separated by NUL bytes, or
  /// nil when it cannot be read (gone, or not ours).
  static func environment(of pid: pid_t) -> Data? {
    FileManager.default.contents(atPath: "/proc/\(pid)/environ")
  }
}
