/// A compile job split across cores that would otherwise wait.
///
/// The Swift driver batches a module's files into one frontend job per core it plans for
/// (`-primary-file` several times). SwiftPM's plan for a write-the-test exercise's tests is one
/// such job for the learner's file and the exercise's rules, and after a one-line edit it is
/// the only job left to run: one core compiles both files while the other waits. Split in two,
/// each half compiling its own files (and reading the other's as any frontend job reads the
/// module's other files), it ends about a fifth sooner, though it costs more of the machine.
/// So a job is split only when cores would otherwise be idle, never while other work waits.
///
/// A split job writes exactly what the batch wrote: each primary file's outputs are named in
/// order, one per primary (`-o`, the dependency and diagnostics files), or in a map keyed by the
/// file that every half may read. A job laid out any other way is left whole.
extension WarmBuilder {
  /// Flags naming one output per primary file, in the primaries' order.
  static let outputsPerPrimary: Set<String> = [
    "-o", "-emit-dependencies-path", "-serialize-diagnostics-path", "-emit-reference-dependencies-path",
    "-index-unit-output-path", "-emit-const-values-path",
  ]
  /// Flags that put inputs or outputs in lists this split does not rewrite.
  static let listedInputsOrOutputs: Set<String> = ["-filelist", "-primary-filelist", "-output-filelist"]

  /// `job` as up to `pieces` jobs that together compile its primary files, each once, in
  /// order; `[job]` when it is not a frontend compile of several primaries laid out as above.
  static func split(_ job: [String], into pieces: Int) -> [[String]] {
    guard pieces > 1, job.count > 2, job[1] == "-frontend", job.contains("-c"),
      !job.contains(where: listedInputsOrOutputs.contains)
    else { return [job] }
    let primaryFlags = job.indices.filter { job[$0] == "-primary-file" && $0 + 1 < job.count }
    let primaries = primaryFlags.count
    guard primaries > 1 else { return [job] }
    // Each per-primary flag's occurrences, in order; every one there must name one per primary.
    var occurrences: [String: [Int]] = [:]
    for index in job.indices.dropLast() where outputsPerPrimary.contains(job[index]) {
      occurrences[job[index], default: []].append(index)
    }
    guard occurrences.values.allSatisfy({ $0.count == primaries }) else { return [job] }

    let count = min(pieces, primaries)
    return (0..<count).map { piece in
      // Consecutive primaries, as even as they go: 5 in two pieces are 3 and 2.
      let mine = Set((0..<primaries).filter { $0 * count / primaries == piece })
      var dropped: Set<Int> = []
      for (position, flag) in primaryFlags.enumerated() where !mine.contains(position) {
        dropped.insert(flag)  // the file stays, read as one of the module's other files
      }
      for indices in occurrences.values {
        for (position, flag) in indices.enumerated() where !mine.contains(position) {
          dropped.formUnion([flag, flag + 1])
        }
      }
      return job.indices.filter { !dropped.contains($0) }.map { job[$0] }
    }
  }
}
