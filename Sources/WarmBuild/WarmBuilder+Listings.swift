import Foundation
import TutorKit

/// What the plan was made from, besides the sources' contents: the manifest, and the folders
/// whose listings decide which files make up each target.
extension WarmBuilder {
  /// The package's manifest: when it changes, SwiftPM must plan again.
  var manifestPath: String { FilePath.join(root, "Package.swift") }

  /// The exercises' folders, where the manifest looks for targets and the learner works.
  func watchedFolders(exercises: [String]) -> [String] {
    exercises.flatMap { id in
      [FilePath.join(root, "Exercises", id), FilePath.join(root, ExerciseRunner.variantsFolder, id)]
    }
  }

  /// What the manifest and SwiftPM's target layout read of the file system: the list of
  /// exercises, each selected exercise's whole tree, and every folder of sources in the plan.
  func listings(folders: [String], exercises: [String]) -> [String: [String]] {
    var listings = [FilePath.join(root, "Exercises"): listing(of: FilePath.join(root, "Exercises"), deep: false)]
    for folder in watchedFolders(exercises: exercises) + folders {
      let folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
      listings[folder] = listing(of: folder, deep: true)
    }
    return listings
  }

  /// Every entry under `folder`, folders marked with a slash and links with where they point.
  /// Hidden entries (an editor's `.Greeter.swift.swp`) are left out, as SwiftPM leaves them
  /// out of a target.
  func listing(of folder: String, deep: Bool) -> [String] {
    var paths: [String] = []
    walk(folder, deep: deep) { path, shown in
      if let destination = fileSystem.symbolicLinkDestination(at: path) {
        paths.append("\(shown) -> \(destination)")
      } else if fileSystem.directoryExists(at: path) {
        paths.append(shown + "/")
      } else {
        paths.append(shown)
      }
    }
    return paths
  }

  /// Visits every entry under `folder` but hidden ones, with its path and its path relative to
  /// `folder`; `deep` goes into subfolders, but not through links.
  func walk(_ folder: String, deep: Bool = true, _ visit: (_ path: String, _ relative: String) -> Void) {
    func walk(_ directory: String, _ relative: String) {
      for name in (try? fileSystem.contentsOfDirectory(at: directory)) ?? [] where !name.hasPrefix(".") {
        let path = FilePath.join(directory, name)
        let shown = relative.isEmpty ? name : "\(relative)/\(name)"
        visit(path, shown)
        if deep && fileSystem.symbolicLinkDestination(at: path) == nil && fileSystem.directoryExists(at: path) {
          walk(path, shown)
        }
      }
    }
    walk(folder, "")
  }
}
