/// `ditutor grade`'s output: a graded class in the format asked for, and the exit status
/// (0 the book is complete, 1 a checkout could not be graded or grading was stopped). The
/// grading itself is ``Gradebook``'s; this is the choice of format, in the engine so it is tested
/// with the engine's fakes, as ``CheckOnce`` is.
public enum GradeReport {
  public enum Format: String, Sendable, CaseIterable {
    case table, csv, json, junit, html
    /// Exercism's results.json (v3) for each learner's each exercise.
    case exercism
    /// GitHub Classroom's autograding JSON for each learner's each exercise.
    case classroom
  }

  /// The book in `format`: a document for the table (a terminal fits it to its width; a file
  /// keeps a row per learner), text for the rest. `incomplete` says what was not graded, for
  /// standard error, whatever the format.
  /// Every format at once, for `grade --output`: file name → the book in that format.
  public static func files(_ entries: [Gradebook.Entry], exercises ids: [String]) -> [(name: String, report: CommandReport)] {
    Format.allCases.map { format in
      let name =
        switch format {
        case .table: "gradebook.txt"
        case .csv: "gradebook.csv"
        case .json: "gradebook.json"
        case .junit: "gradebook.junit.xml"
        case .html: "gradebook.html"
        case .exercism: "exercism.json"
        case .classroom: "classroom.json"
        }
      return (name, report(entries, exercises: ids, format: format).report)
    }
  }

  public static func report(
    _ entries: [Gradebook.Entry], exercises ids: [String], format: Format
  ) -> (report: CommandReport, incomplete: String?, status: Int32) {
    let report: CommandReport =
      switch format {
      case .table: .document(GradebookReport.document(entries, exercises: ids))
      case .csv: .text(GradebookReport.csv(entries, exercises: ids))
      case .json: .text(GradebookReport.json(entries))
      case .junit: .text(GradebookReport.junit(entries))
      case .html: .text(GradebookReport.html(entries, exercises: ids, title: "ditutor gradebook"))
      case .exercism: .text(ClassroomFormats.gradebook(entries, classroom: false))
      case .classroom: .text(ClassroomFormats.gradebook(entries, classroom: true))
      }
    return (report, GradebookReport.incompleteNotice(entries, exercises: ids), Gradebook.exitStatus(entries))
  }
}
