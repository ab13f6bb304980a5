/// Finds the course checkout: the given directory or the nearest parent that holds both
/// `Lessons/` and `Exercises/`, as `git` finds its repository.
public enum CourseRoot {
  public static func locate(from start: String, fileSystem: any FileStore) -> String? {
    var directory = start
    while true {
      if isCourse(directory, fileSystem: fileSystem) { return directory }
      let parent = FilePath.parent(directory)
      if parent == directory || directory.isEmpty { return nil }
      directory = parent
    }
  }

  public static func isCourse(_ directory: String, fileSystem: any FileStore) -> Bool {
    fileSystem.directoryExists(at: FilePath.join(directory, CourseLoader.lessonsFolder))
      && fileSystem.directoryExists(at: FilePath.join(directory, CourseLoader.exercisesFolder))
  }
}
