import Foundation

/// The folders a write-the-test exercise's planted bugs build from, under
/// `.build/ditutor-variants/<exercise>/<bug>/`, and those a variant's tests build from (see
/// `Package.swift`).
struct MutantWorkspace: Sendable {
  /// The course root.
  let root: String
  /// The build folder, absolute: a bug module's stale build is removed from it.
  let scratch: String
  let fileSystem: any FileStore & ToolFolders

  /// Puts together, for each planted bug, the folder its test module builds from: links to the
  /// learner's test files and to the bug's files (when the subject is a module of its own, the
  /// bug is one too, and the tests' other files are the exercise's rules). Links, not copies: an
  /// edit is seen at once, and the compiler names the learner's own file.
  ///
  /// A link pointed at another file (`verify` goes from Solution/ to Starter/ to each shortcut)
  /// throws away the bug's module build: the compiler decides what to rebuild by the modification
  /// times it sees through the links, and files written in the same instant (a fresh checkout
  /// writes many) would leave it compiling the old tests.
  func prepare(_ exercise: Exercise, testsIn learnerFolder: String) throws {
    let tests = ((try? fileSystem.contentsOfDirectory(at: FilePath.join(root, exercise.folder, learnerFolder))) ?? [])
      .filter { $0.hasSuffix(".swift") }
    for mutant in exercise.mutants {
      let folder = FilePath.join(root, ExerciseRunner.variantsFolder, exercise.id, Self.mutantLinkFolder(mutant.name, testsIn: learnerFolder))
      let beside = exercise.subjectModule == nil ? exercise.mutantFolder(mutant.name) : exercise.rulesFolder
      let besideFiles = ((try? fileSystem.contentsOfDirectory(at: FilePath.join(root, beside))) ?? []).filter { $0.hasSuffix(".swift") }
      // From .build/ditutor-variants/<id>/<mutant>/ four levels up is the course root.
      var links: [String: String] = [:]
      for file in tests { links[file] = "../../../../\(exercise.folder)/\(learnerFolder)/\(file)" }
      for file in besideFiles { links[file] = "../../../../\(beside)/\(file)" }
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

  /// The folder of a planted bug's links for tests in `learnerFolder`: `<bug>` for the learner's
  /// own (`Sources`), `<bug>--Solution` for another folder, so that a maintainer's checks of the
  /// reference and of the starter do not relink (and rebuild) each other's (see `Package.swift`).
  static func mutantLinkFolder(_ mutant: String, testsIn learnerFolder: String) -> String {
    learnerFolder == ExerciseRunner.Code.sources.folder ? mutant : mutant + "--" + Exercise.variantLinkFolder(learnerFolder)
  }

  /// Puts together the folders a variant's test modules build from (see
  /// ``PackageSelection/variants``): links to each of the exercise's shipped test files (for a
  /// write-the-test exercise: to the variant's tests and the subject, and beside it to the
  /// variant's tests and each planted bug). Their links never point elsewhere, so nothing built
  /// from them goes stale.
  func linkTests(of exercise: Exercise, for variant: String) throws {
    let base = FilePath.join(root, ExerciseRunner.variantsFolder, exercise.id, Exercise.variantLinkFolder(variant))
    func swiftFiles(_ folder: String) -> [String] {
      ShippedTests.files(under: FilePath.join(root, folder), fileSystem: fileSystem).filter { $0.hasSuffix(".swift") }
    }
    guard exercise.kind == .tests else {
      return try link(base, to: Dictionary(uniqueKeysWithValues: swiftFiles(exercise.testsFolder).map { ($0, "\(exercise.testsFolder)/\($0)") }))
    }
    func files(of folder: String) -> [String: String] {
      Dictionary(uniqueKeysWithValues: swiftFiles(folder).map { ($0, "\(folder)/\($0)") })
    }
    let tests = files(of: "\(exercise.folder)/\(variant)")
    // A subject (and each bug) that is a module of its own is imported: the tests' module holds
    // the tests and the exercise's rules.
    if exercise.subjectModule != nil {
      let testsAndRules = files(of: exercise.rulesFolder).merging(tests) { $1 }
      try link(base, to: testsAndRules)
      for mutant in exercise.plantedBugs(judging: variant) {
        try link(base + "--" + mutant.name, to: testsAndRules)
        // The variant's own copy of the bug (see Exercise.variantMutantModuleName).
        let code = FilePath.join(
          root, ExerciseRunner.variantsFolder, exercise.id, Exercise.variantMutantCodeFolder(variant, mutant.name))
        try link(code, to: files(of: exercise.mutantFolder(mutant.name)))
      }
      return
    }
    try link(base, to: files(of: exercise.subjectFolder).merging(tests) { $1 })
    for mutant in exercise.plantedBugs(judging: variant) {
      try link(base + "--" + mutant.name, to: files(of: exercise.mutantFolder(mutant.name)).merging(tests) { $1 })
    }
  }

  /// Makes `folder` hold links named by `files`' keys to the files (paths from the course root)
  /// they name, and nothing else.
  private func link(_ folder: String, to files: [String: String]) throws {
    if fileSystem.directoryExists(at: folder) {
      for existing in ShippedTests.files(under: folder, fileSystem: fileSystem) where files[existing] == nil {
        try fileSystem.removeItem(at: FilePath.join(folder, existing))
      }
    }
    for (name, target) in files {
      let link = FilePath.join(folder, name)
      // From .build/ditutor-variants/<id>/<variant>/ four levels up is the course root, and one
      // more for each folder the file is in.
      let depth = name.split(separator: "/").count - 1
      let destination = String(repeating: "../", count: 4 + depth) + target
      guard fileSystem.symbolicLinkDestination(at: link) != destination else { continue }
      if !fileSystem.directoryExists(at: FilePath.parent(link)) { try fileSystem.createDirectory(at: FilePath.parent(link)) }
      if fileSystem.symbolicLinkDestination(at: link) != nil || fileSystem.fileExists(at: link) { try fileSystem.removeItem(at: link) }
      try fileSystem.createSymbolicLink(at: link, pointingTo: destination)
    }
  }
}
