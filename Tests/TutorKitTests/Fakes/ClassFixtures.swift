@testable import TutorKit

/// Gradebooks of made-up classes, for the HTML page's tests: every kind of result a projector
/// must show, in a class as large as the page promises to fit.
enum ClassFixtures {
  /// The course's exercises, in order.
  static let courseExercises = [
    "greeting-clock", "user-repository", "incident-log", "order-service-split", "tram-stop-board", "library-loans",
    "parcel-tracker", "restock-alerts", "reading-bookmarks", "checkout-audit", "receipt-upload-retry", "packing-analytics",
    "profile-screen-tracker", "interval-haptics", "flashcard-analytics", "report-export-progress", "booking-request-context",
    "raffle-draw", "photo-backup-progress", "article-screen-factory", "member-session-factory", "edition-download-tests",
    "container-registry", "singleton-once", "cycle-chain", "pharmacy-wiring", "pharmacy-startup", "interaction-table-once",
    "label-batch-tests",
  ]

  static let lessons = ["why-di", "constructor-injection", "test-doubles", "property-injection", "method-injection", "factories", "containers", "lazy-services"]

  static let names = [
    "ada-lovelace", "alan-turing", "grace-hopper", "edsger-dijkstra", "barbara-liskov", "donald-knuth", "margaret-hamilton",
    "john-mccarthy", "frances-allen", "tony-hoare", "radia-perlman", "ken-thompson", "dennis-ritchie", "shafi-goldwasser",
    "leslie-lamport", "adele-goldberg", "niklaus-wirth", "sophie-wilson", "guido-van-rossum", "annie-easley",
    "bjarne-stroustrup", "katherine-johnson", "john-backus", "jean-sammet", "alan-kay", "hedy-lamarr", "tim-berners-lee",
    "mary-keller", "ole-johan-dahl", "di-course-2025-kristen-nygaard",
  ]

  static let modified = ShippedTests.Changes(modified: ["Exercises/greeting-clock/Tests/GreeterTests.swift"])

  /// Thirty learners by thirty exercises (the course's and one more): passes and fails spread
  /// unevenly, one learner who rewrote a shipped test, one broken checkout, one whose grading was
  /// stopped, one with code that does not compile, crashes and hangs.
  static func large() -> (entries: [Gradebook.Entry], exercises: [String]) {
    let exercises = courseExercises + ["module-boundaries"]
    let entries = names.enumerated().map { index, name -> Gradebook.Entry in
      // Learner i has passed roughly the first (i * 7) % 31 exercises, with a gap or two.
      let reached = (index * 7) % 31
      var grades = exercises.enumerated().map { position, id in
        let passed = position < reached && (position + index) % 9 != 4
        return Gradebook.Grade(
          exercise: id, status: passed ? .passed : .failed, passed: passed,
          note: passed ? nil : "\(id)Tests/first(): expectation failed")
      }
      var entry = Gradebook.Entry(learner: name, path: "/class/\(name)", exercises: grades, quizzes: quizzes(index))
      switch index {
      case 2:  // rewrote the shipped tests of the first exercise
        grades[0].testsChanged = modified
        entry.exercises = grades
      case 5:  // not a checkout at all
        entry.exercises = []
        entry.quizzes = [:]
        entry.problem = "could not be graded: The folder “Exercises” could not be read because you do not have permission to view it."
      case 11:  // grading was stopped half-way through
        entry.exercises = Array(grades.prefix(18))
        entry.notGraded = exercises.suffix(from: 18).map { $0 }
      case 19:  // does not compile, crashes, hangs
        grades[3].status = .compileError
        grades[3].passed = false
        grades[3].note = "Exercises/order-service-split/Sources/OrderService.swift:12: cannot find 'mailer' in scope"
        grades[9].status = .crashed
        grades[9].passed = false
        grades[9].note = "crashed"
        grades[14].status = .timedOut
        grades[14].passed = false
        grades[14].note = "timed out"
        entry.exercises = grades
      default: break
      }
      return entry
    }
    return (entries, exercises)
  }

  /// A class of twelve half-way through the course, as a README screenshot shows it.
  static func small() -> (entries: [Gradebook.Entry], exercises: [String]) {
    let progress = [29, 24, 22, 21, 19, 17, 16, 14, 12, 9, 6, 0]
    let entries = names.prefix(progress.count).enumerated().map { index, name -> Gradebook.Entry in
      var grades = courseExercises.enumerated().map { position, id in
        let passed = position < progress[index] && (position * 5 + index) % 11 != 3
        return Gradebook.Grade(exercise: id, status: passed ? .passed : .failed, passed: passed, note: passed ? nil : "\(id): a test failed")
      }
      var entry = Gradebook.Entry(learner: name, path: "/class/\(name)", exercises: grades, quizzes: quizzes(index))
      switch index {
      case 3:
        grades[1].testsChanged = ShippedTests.Changes(modified: ["Exercises/user-repository/Tests/UserRepositoryTests.swift"])
        entry.exercises = grades
      case 6:
        grades[16].status = .compileError
        grades[16].passed = false
        grades[16].note = "BookingService.swift:8: cannot find 'context' in scope"
        entry.exercises = grades
      case 8:
        grades[12].status = .timedOut
        grades[12].passed = false
        entry.exercises = grades
      case 11:
        entry.exercises = []
        entry.quizzes = [:]
        entry.problem = "not a ditutor checkout (no Exercises/ folder)"
      default: break
      }
      return entry
    }
    return (entries, courseExercises)
  }

  static func quizzes(_ index: Int) -> [String: String] {
    Dictionary(uniqueKeysWithValues: lessons.prefix(index % 9).enumerated().map { position, id in (id, "\(3 + (index + position) % 3)/5") })
  }
}
