import Foundation
import TutorKit

// Compiled modules kept by the content they were compiled from, for a grading lane.
//
// A lane builds learner after learner in one build folder. Most exercises flip between a few
// states (as shipped, solved, half done), and a module whose inputs changed compiles again even
// when the lane compiled exactly those inputs one learner earlier: an exercise's tests compile
// again each time its code's interface goes from the starter's to the solution's and back, and
// a test module is the slowest kind to compile (Swift Testing's macros). So after a compile step
// succeeds, its outputs are kept beside a copy of what it read (the jobs, and each input it
// imports, byte for byte); a later build whose step would read the same bytes puts the kept
// outputs back instead of running the compiler. The compiler is deterministic for the same
// inputs and arguments, so that is what it would have written. No hash stands in for the
// comparison: a collision would be a wrong verdict.
//
// A compile that fails on the learner's code is kept too, with what the compiler said: a seam
// exercise left as it shipped does not compile by design, and every learner who left it so
// compiled its tests again to hear the same errors (three seconds and more of each such
// learner's grading). Only a failure the compiler reported in full is kept: every job of the
// step ran and exited with errors (one cut short, killed or out of time may say less).
extension WarmBuilder {
  /// How many kept builds of one step stay: enough for the starter's, a solution's and one
  /// more state of an exercise.
  static let keptPerStep = 3

  /// Where the kept steps of this build folder are.
  var keptStepsFolder: String { FilePath.join(scratch, "ditutor-kept-steps") }

  /// Whether a step may be kept: one that runs the compiler and only the compiler (a link is
  /// run again whenever it runs, and its output is the large program).
  static func mayKeep(_ step: WarmBuildRecord.Step) -> Bool {
    !isLink(step) && !step.jobs.isEmpty
      && step.jobs.allSatisfy { job in job.contains("-frontend") && !job.contains("-modulewrap") }
  }

  /// What step `step` reads that decides its outputs: its jobs (as recorded: a lane leaves out
  /// the interface of a test module, which nothing reads) and the contents of its inputs,
  /// leaving out the module interfaces it does not import, as ``KeptStep/Key/bytes`` (made once
  /// for the lookup before the step and the keeping after it). Nil when an input cannot be read.
  func keyOf(_ step: WarmBuildRecord.Step, unread: Set<String>) -> Data? {
    var contents: [Data] = []
    for input in step.inputs where !unread.contains(input) {
      guard let data = try? fileSystem.readFile(at: input) else { return nil }
      contents.append(data)
    }
    return KeptStep.Key(jobs: step.jobs, outputs: step.outputs, inputs: step.inputs.filter { !unread.contains($0) }, contents: contents)
      .bytes
  }

  /// Keeps every step of `configuration`'s record that may be kept, as SwiftPM just built it:
  /// the first learner's build in a lane is SwiftPM's, and the next learner's inputs would make
  /// most steps run before anything of the first was kept.
  func keepCurrentSteps(_ configuration: Configuration) {
    guard var record = readRecord(at: recordPath(for: configuration)) else { return }
    for index in record.steps.indices where Self.mayKeep(record.steps[index]) && record.steps[index].kept != true {
      let step = record.steps[index]
      guard let before = step.inputStamps, before == step.inputs.map({ fileSystem.stamp(at: $0) }),
        step.outputStamps == step.outputs.map({ fileSystem.stamp(at: $0) }),
        let key = keyOf(step, unread: Set(step.unread ?? []))
      else { continue }
      keep(step, key: key)
      record.steps[index].kept = true
    }
    save(record)
  }

  /// What was kept of `step` made from `key`, if anything: a build's outputs, or what the
  /// compiler said when the step failed on it (see above).
  func kept(_ step: WarmBuildRecord.Step, key: Data) -> KeptStep.Found? {
    guard var path = keptEntry(of: step, key: key) else { return nil }
    // Used again, it becomes the step's newest kept build: the states learners keep coming back
    // to (an exercise as it shipped) are not the ones each new answer pushes out.
    let renewed = FilePath.join(FilePath.parent(path), KeptStep.entryName())
    if (try? fileSystem.moveItem(from: path, to: renewed)) != nil { path = renewed }
    if let said = try? fileSystem.readText(at: FilePath.join(path, KeptStep.failedFile)) { return .failed(said) }
    return .built(path)
  }

  /// Puts back the outputs of `step` kept in `path` (a ``KeptStep/Found/built(_:)``); false
  /// when they cannot be.
  func restoreKept(_ step: WarmBuildRecord.Step, from path: String) -> Bool {
    do {
      for (index, output) in step.outputs.enumerated() {
        let keptOutput = FilePath.join(path, "\(index)")
        guard fileSystem.fileExists(at: keptOutput) else { continue }
        let bytes = try fileSystem.readFile(at: keptOutput)
        // An output already as kept stays untouched: its stamp leaves the steps that read it
        // alone.
        if (try? fileSystem.readFile(at: output)) == bytes { continue }
        let parent = FilePath.parent(output)
        if !fileSystem.directoryExists(at: parent) { try fileSystem.createDirectory(at: parent) }
        try fileSystem.writeReplacing(bytes, to: output)
      }
      return true
    } catch {
      return false
    }
  }

  /// The folder of the kept build of `step` made from `key`, if there is one.
  private func keptEntry(of step: WarmBuildRecord.Step, key: Data) -> String? {
    let folder = FilePath.join(keptStepsFolder, KeptStep.folderName(of: step))
    return ((try? fileSystem.contentsOfDirectory(at: folder)) ?? []).sorted().map { FilePath.join(folder, $0) }.first { path in
      (try? fileSystem.readFile(at: FilePath.join(path, "key"))) == key
    }
  }

  /// Keeps what `step` just made from `key` (or, `failed`, what it said when it did not build),
  /// the oldest kept build of the step making room.
  func keep(_ step: WarmBuildRecord.Step, key: Data, failed: String? = nil) {
    // Kept already (SwiftPM built the lane again, and a state it had kept came back): a second
    // copy would push out a state worth keeping.
    guard keptEntry(of: step, key: key) == nil else { return }
    let folder = FilePath.join(keptStepsFolder, KeptStep.folderName(of: step))
    let entries = ((try? fileSystem.contentsOfDirectory(at: folder)) ?? []).sorted()
    // Each kept build is a folder (removeItem takes files only: these were never removed, and a
    // lane's kept builds grew by every learner's answer).
    for old in entries.dropLast(max(Self.keptPerStep - 1, 0)) { try? fileSystem.removeBuildFolder(at: FilePath.join(folder, old)) }
    let entry = FilePath.join(folder, KeptStep.entryName())
    do {
      try fileSystem.createDirectory(at: entry)
      if let failed {
        try fileSystem.writeReplacing(Data(failed.utf8), to: FilePath.join(entry, KeptStep.failedFile))
      } else {
        for (index, output) in step.outputs.enumerated() where fileSystem.fileExists(at: output) {
          try fileSystem.writeReplacing(try fileSystem.readFile(at: output), to: FilePath.join(entry, "\(index)"))
        }
      }
      // The key last: an entry without one is never used.
      try fileSystem.writeReplacing(key, to: FilePath.join(entry, "key"))
    } catch {
      try? fileSystem.removeBuildFolder(at: entry)
    }
  }
}

/// A compile step's build kept by what it was made from (see `WarmBuilder+KeptSteps.swift`).
enum KeptStep {
  /// In a kept step's folder, what the compiler said when the step failed (no outputs then).
  static let failedFile = "failed"

  /// What a lookup of a kept step found: the folder of a build's outputs, or what the compiler
  /// said when the step failed.
  enum Found {
    case built(String)
    case failed(String)
  }

  struct Key: Equatable {
    var jobs: [[String]]
    var outputs: [String]
    var inputs: [String]
    var contents: [Data]

    /// The key as kept, and compared, on disk: each list and each string or file preceded by its
    /// length, so two keys are equal exactly when their bytes are, and a kept key is compared
    /// without decoding it (a property list's decoding was a third of a second a learner).
    var bytes: Data {
      var data = Data("ditutor kept step key 2\n".utf8)
      func count(_ value: Int) { withUnsafeBytes(of: UInt64(value).littleEndian) { data.append(contentsOf: $0) } }
      func bytes(_ value: some Collection<UInt8>) {
        count(value.count)
        data.append(contentsOf: value)
      }
      count(jobs.count)
      for job in jobs {
        count(job.count)
        for argument in job { bytes(argument.utf8) }
      }
      for list in [outputs, inputs] {
        count(list.count)
        for path in list { bytes(path.utf8) }
      }
      count(contents.count)
      for content in contents { bytes(content) }
      return data
    }
  }

  /// A new name for a kept build's folder: names sort by when they were kept or last used.
  static func entryName() -> String {
    String(format: "%020.0f", Date().timeIntervalSince1970 * 1e6) + "-" + UUID().uuidString
  }

  /// The folder of a step's kept builds: its name, made safe for a file name.
  static func folderName(of step: WarmBuildRecord.Step) -> String {
    String(step.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
  }
}
