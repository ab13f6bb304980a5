import Foundation

/// A copy of a course's exercises somewhere under `.build/`: the course's manifest and every
/// exercise folder as it shipped, with each exercise's `Sources/` taken from a folder of the
/// caller's choosing (a learner's checkout for `grade`, the starter for a demo).
///
/// The copy is kept from one use to the next and brought in line file by file: a file whose
/// content is already right is left alone, so SwiftPM compiles again only what changed (every
/// file rewritten would be compiled again). Anything else in the copy's exercises is removed.
struct CourseCopy: Sendable {
  let course: Course
  /// The course the copy is made from.
  let root: String
  let fileSystem: any FileSystem

  /// Makes `copy` the course with, for each exercise, the files of `sources(exercise)` (an
  /// absolute folder; missing means empty) as its `Sources/`.
  func bringInLine(_ copy: String, sources: (Exercise) -> String) throws {
    var wanted = [FilePath.join(copy, "Package.swift"): FilePath.join(root, "Package.swift")]
    var folders = [FilePath.join(copy, CourseLoader.exercisesFolder)]
    for exercise in course.exercises {
      let shippedFolder = FilePath.join(root, exercise.folder)
      for file in ShippedTests.files(under: shippedFolder, fileSystem: fileSystem) where !file.hasPrefix("Sources/") {
        wanted[FilePath.join(copy, exercise.folder, file)] = FilePath.join(shippedFolder, file)
      }
      let theirs = sources(exercise)
      folders.append(FilePath.join(copy, exercise.sourcesFolder))
      for file in ShippedTests.files(under: theirs, fileSystem: fileSystem) {
        wanted[FilePath.join(copy, exercise.sourcesFolder, file)] = FilePath.join(theirs, file)
      }
    }
    let exercises = FilePath.join(copy, CourseLoader.exercisesFolder)
    for file in ShippedTests.files(under: exercises, fileSystem: fileSystem) where wanted[FilePath.join(exercises, file)] == nil {
      try fileSystem.removeItem(at: FilePath.join(exercises, file))
    }
    try removeEmptyFolders(in: exercises, keeping: Set(folders))
    for folder in folders where !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
    for (destination, source) in wanted {
      let content = try fileSystem.readFile(at: source)
      guard (try? fileSystem.readFile(at: destination)) != content else { continue }
      let folder = FilePath.parent(destination)
      if !fileSystem.directoryExists(at: folder) { try fileSystem.createDirectory(at: folder) }
      try fileSystem.writeReplacing(content, to: destination)
    }
  }

  /// Removes the folders under `folder` left empty (an exercise the course no longer has, whose
  /// empty `Tests/` would still make a target), but for those in `kept`.
  private func removeEmptyFolders(in folder: String, keeping kept: Set<String>) throws {
    for name in (try? fileSystem.contentsOfDirectory(at: folder)) ?? [] {
      let path = FilePath.join(folder, name)
      guard fileSystem.directoryExists(at: path), fileSystem.symbolicLinkDestination(at: path) == nil else { continue }
      try removeEmptyFolders(in: path, keeping: kept)
      if !kept.contains(path), (try? fileSystem.contentsOfDirectory(at: path))?.isEmpty == true {
        try fileSystem.removeBuildFolder(at: path)
      }
    }
  }
}
