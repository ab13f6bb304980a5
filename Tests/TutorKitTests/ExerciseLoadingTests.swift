import Testing
@testable import TutorKit

@Suite struct ExerciseLoadingTests {
  func fileSystem(exercises: String = "[greet, fetch]") -> InMemoryFileSystem {
    let fileSystem = InMemoryFileSystem(files: [
      "/course/Lessons/01-a.md": CourseFixtures.lesson(order: 1, id: "a", title: "A", pages: 2, exercises: exercises),
      "/course/Lessons/02-b.md": CourseFixtures.lesson(order: 2, id: "b", title: "B", pages: 2, exercises: "[later]"),
    ])
    for id in ["greet", "fetch", "later"] { CourseFixtures.addExercise(id, to: fileSystem) }
    return fileSystem
  }

  @Test func exercisesComeInLessonOrderWithTaskAndHints() throws {
    let course = try CourseFixtures.course(fileSystem())
    #expect(course.exercises.map(\.id) == ["greet", "fetch", "later"])
    let greet = course.exercises[0]
    #expect(greet.title == "Exercise greet")
    #expect(greet.difficulty == 2)
    #expect(greet.lessonID == "a")
    #expect(greet.task.blocks == [.paragraph([.text("Do the greet thing.")])])
    #expect(greet.hints.map(\.text) == ["Hint 1 of greet.", "Hint 2 of greet.", "Hint 3 of greet."])
    #expect(greet.files == ["Code.swift"])
    #expect(greet.moduleName == "Greet")
  }

  @Test func moduleNamesAreCamelCasedIDs() {
    #expect(Exercise.moduleName(for: "greeting-clock") == "GreetingClock")
    #expect(Exercise.moduleName(for: "user-repository-2") == "UserRepository2")
  }

  @Test func exercisesAreFoundByNumberIDOrPrefix() throws {
    let course = try CourseFixtures.course(fileSystem())
    #expect(course.exercise(matching: "3")?.id == "later")
    #expect(course.exercise(matching: "fe")?.id == "fetch")
    #expect(course.exercise(matching: "4") == nil)
    #expect(course.number(of: course.exercises[1]) == 2)
  }

  @Test func aListedExerciseWithoutAFolderIsAProblem() {
    #expect(throws: CourseLoader.Failure(problems: [
      CourseProblem(file: "Lessons/01-a.md", reason: .missingExercise("ghost"))
    ])) {
      try CourseFixtures.course(fileSystem(exercises: "[greet, fetch, ghost]"))
    }
  }

  @Test func anExerciseNoLessonListsIsAProblem() {
    #expect(throws: CourseLoader.Failure(problems: [
      CourseProblem(file: "Exercises/fetch", reason: .exerciseNotListed)
    ])) {
      try CourseFixtures.course(fileSystem(exercises: "[greet]"))
    }
  }

  @Test func starterAndSolutionMustHaveTheSameFiles() {
    let fileSystem = fileSystem()
    fileSystem.add("/course/Exercises/fetch/Solution/Extra.swift", "")
    #expect(throws: CourseLoader.Failure(problems: [
      CourseProblem(file: "Exercises/fetch", reason: .filesDiffer(starter: ["Code.swift"], solution: ["Code.swift", "Extra.swift"]))
    ])) {
      try CourseFixtures.course(fileSystem)
    }
  }

  @Test func anExerciseNeedsHints() {
    let fileSystem = fileSystem()
    CourseFixtures.addExercise("fetch", to: fileSystem, hints: 0)
    #expect(throws: CourseLoader.Failure(problems: [
      CourseProblem(file: "Exercises/fetch/README.md", reason: .noHints)
    ])) {
      try CourseFixtures.course(fileSystem)
    }
  }
}
