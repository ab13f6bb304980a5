import Foundation

/// The folders a write-the-test exercise's planted bugs build from, under
/// `.build/ditutor-variants/<exercise>/<bug>/` (see `Package.swift`).
struct MutantWorkspace: Sendable {
  /// The course root.
  let root: String
  /// The build folder, absolute: a bug module's stale build is removed from it.
  let scratch: String
  let fileSystem: any FileStore & ToolFolders

  /// Puts together, for each planted bug, the folder its test module builds from: links to the
  /// learner's test files and to the bug's files. Links, not copies: an edit is seen at once, and
  /// the compiler names the learner's own file.
  ///
  /// A link pointed at another file (`verify` goes from Solution/ to Starter/ to each shortcut)
  /// throws away the bug's module build: the compiler decides what to rebuild by the modification
  /// times it sees through the links, and files written in the same instant (a fresh checkout
  /// writes many) would leave it compiling the old tests.
  func prepare(_ exercise: Exercise, testsIn learnerFolder: String) throws {
    let tests = ((try? fileSystem.contentsOfDirectory(at: FilePath.join(root, exercise.folder, learnerFolder))) ?? [])
      .filter { $0.hasSuffix(".swift") }
    for mutant in exercise.mutants {
      let folder = FilePath.join(root, ExerciseRunner.variantsFolder, exercise.id, mutant.name)
      let mutantFiles = ((try? fileSystem.contentsOfDirectory(at: FilePath.join(root, exercise.mutantFolder(mutant.name)))) ?? [])
        .filter { $0.hasSuffix(".swift") }
      // From .build/ditutor-variants/<id>/<mutant>/ four levels up is the course root.
      var links: [String: String] = [:]
      for file in tests { links[file] = "../../../../\(exercise.folder)/\(learnerFolder)/\(file)" }
      for file in mutantFiles { links[file] = "../../../../\(exercise.mutantFolder(mutant.name))/\(file)" }
      if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
      for existing in try fileSystem.contentsOfDirectory(at: folder) where links[existing] == nil {
        try fileSystem.removeItem(at: FilePath.join(folder, existing))
      }
      var relinked = false
      for (name, destination) in links where fileSystem.symbolicLinkDestination(at: FilePath.join(folder, name)) != destination {
        relinked = relinked || fileSystem.symbolicLinkDestination(at: FilePath.join(folder, name)) != nil
        try fileSystem.removeItem(at: FilePath.join(folder, name))
        try fileSystem.createSymbolicLink(at: FilePath.join(folder, name), pointingTo: destination)
      }
      if relinked {
        try fileSystem.removeBuildFolder(at: FilePath.join(scratch, "debug", exercise.mutantTestModuleName(mutant.name) + ".build"))
      }
    }
  }
}
