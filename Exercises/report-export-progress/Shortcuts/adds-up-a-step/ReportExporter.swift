/// The app's log of finished exports. The app keeps one for all exports, so every exporter
/// writes to the same log: one line per export.
protocol ExportLog {
  func record(_ line: String)
}

/// The real log. The app appends each line to exports.log; exercises run offline, so it prints
/// what it would have written.
struct FileExportLog: ExportLog {
  func record(_ line: String) {
    print("LIVE: exports.log: \(line)")
  }
}

/// Joins a report's pages into one text document.
///
/// Exporting a long report takes a while, and each caller shows progress its own way: the app
/// moves a progress bar, the command-line tool prints percentages, a test records the values.
/// So the progress handler is not part of the exporter: it arrives with each call. The log is
/// the same for every export, so it arrives with `init`.
struct ReportExporter {
  let title: String
  let log: any ExportLog

  /// Exports `pages` and returns the document. After each page, calls `progress` with the
  /// fraction of the report done so far, from just above 0 up to exactly 1. When done, records
  /// one line in the log: `exported <title>: <count> pages`.
  func export(_ pages: [String], progress: (Double) -> Void) -> String {
    var document = "# \(title)\n"
    let step = 1.0 / Double(pages.count)
    var done = 0.0
    for (index, page) in pages.enumerated() {
      document += "\n## Page \(index + 1)\n\(page)\n"
      done += step
      progress(done)
    }
    log.record("exported \(title): \(pages.count) pages")
    return document
  }
}
