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

  @Test func shortcutsAreReadWithTheLineThatSaysWhatTheyGetWrong() throws {
    let fileSystem = fileSystem()
    fileSystem.add("/course/Exercises/greet/Shortcuts/cache-the-hour/README.md", "Reads the clock once, in init.\n")
    fileSystem.add("/course/Exercises/greet/Shortcuts/cache-the-hour/Code.swift", "// wrong\n")
    let greet = try CourseFixtures.course(fileSystem).exercises[0]
    #expect(greet.kind == .code)
    #expect(greet.shortcuts == [.init(name: "cache-the-hour", summary: "Reads the clock once, in init.")])
  }

  @Test func aShortcutWithoutItsLineOrWithOtherFilesIsAProblem() {
    let fileSystem = fileSystem()
    fileSystem.add("/course/Exercises/greet/Shortcuts/silent/Code.swift", "// wrong\n")
    fileSystem.add("/course/Exercises/fetch/Shortcuts/other/README.md", "Wrong.\n")
    fileSystem.add("/course/Exercises/fetch/Shortcuts/other/Other.swift", "// wrong\n")
    #expect(throws: CourseLoader.Failure.self) { try CourseFixtures.course(fileSystem) }
    do {
      _ = try CourseLoader(fileSystem: fileSystem).load(root: "/course")
    } catch {
      #expect(error.problems.map(\.description) == [
        "Exercises/greet/Shortcuts/silent: has no README.md line saying what it gets wrong. Add one: it is what `verify` and the learner read.",
        "Exercises/fetch/Shortcuts/other: has Other.swift but should have the same files as the code it stands in for: Code.swift.",
      ])
    }
  }

  @Test func aWriteTheTestExerciseNeedsASubjectAndPlantedBugs() throws {
    let fileSystem = fileSystem()
    fileSystem.add(
      "/course/Exercises/greet/README.md",
      "---\ntitle: Test it\nkind: tests\n---\n\n# Test it\n\nWrite the tests.\n\n## Hints\n\n### One\n\nA spy.\n")
    #expect(throws: CourseLoader.Failure.self) { try CourseFixtures.course(fileSystem) }
    fileSystem.add("/course/Exercises/greet/Subject/Payment.swift", "// correct\n")
    fileSystem.add("/course/Exercises/greet/Mutants/charges-twice/README.md", "Charges the card twice.\n")
    fileSystem.add("/course/Exercises/greet/Mutants/charges-twice/Payment.swift", "// charges twice\n")
    let greet = try CourseFixtures.course(fileSystem).exercises[0]
    #expect(greet.kind == .tests)
    #expect(greet.mutants == [.init(name: "charges-twice", summary: "Charges the card twice.")])
    #expect(greet.mutantTestModuleName("charges-twice") == "GreetMutantChargesTwiceTests")
  }

  @Test func anUnknownKindIsAProblem() {
    let fileSystem = fileSystem()
    fileSystem.add("/course/Exercises/greet/README.md", "---\ntitle: X\nkind: essay\n---\n\n# X\n\n## Hints\n\n### One\n\nA.\n")
    do {
      _ = try CourseLoader(fileSystem: fileSystem).load(root: "/course")
      Issue.record("an unknown kind loads")
    } catch {
      #expect(error.problems.map(\.description) == ["Exercises/greet/README.md: the kind 'essay' is not one of code, seam, tests."])
    }
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
