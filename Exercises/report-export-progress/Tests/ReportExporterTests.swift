import Testing

@testable import ReportExportProgress

/// A spy: keeps every line instead of writing it to exports.log.
final class RecordingExportLog: ExportLog {
  private(set) var lines: [String] = []

  func record(_ line: String) {
    lines.append(line)
  }
}

@Suite struct ReportExporterTests {
  let log = RecordingExportLog()

  var exporter: ReportExporter {
    ReportExporter(title: "Q3", log: log)
  }

  @Test func reportsProgressAfterEveryPage() {
    var reported: [Double] = []
    _ = exporter.export(["a", "b", "c", "d"]) { reported.append($0) }
    #expect(
      reported.count == 4,
      "ReportExporter ignored the progress handler: it was called \(reported.count) times for 4 pages. Call `progress` after each page, instead of writing the progress into the log.")
    #expect(
      reported == [0.25, 0.5, 0.75, 1.0],
      "For 4 pages the handler should hear the fraction done after each one, 0.25, 0.5, 0.75 and 1.0; it heard \(reported).\(reported.dropLast().contains(0) ? " A 0 before the last page is Int division: (index + 1) / pages.count rounds down to 0; convert both to Double before dividing." : "")")
  }

  @Test func theSharedLogGetsOneLinePerExport() {
    _ = exporter.export(["a", "b", "c", "d"]) { _ in }
    #expect(
      log.lines == ["exported Q3: 4 pages"],
      "The export log is shared by every export, so it gets one line per export, \"exported Q3: 4 pages\". It got \(log.lines.count) lines: \(log.lines). Page-by-page progress belongs to the caller who started this export: send it to the `progress` handler only, not to the log as well.")
  }

  @Test func progressRisesAndEndsAtExactlyOne() {
    var reported: [Double] = []
    _ = exporter.export(["a", "b", "c"]) { reported.append($0) }
    #expect(
      reported.last == 1.0,
      "The last progress value is what tells a progress bar the export is finished: it should be exactly 1.0, but the handler heard \(reported).")
    #expect(
      reported == reported.sorted() && Set(reported).count == reported.count,
      "Progress should only go up: the handler heard \(reported).")
  }

  @Test func eachCallReportsToItsOwnHandler() {
    let exporter = self.exporter
    var first: [Double] = []
    var second: [Double] = []
    _ = exporter.export(["a", "b"]) { first.append($0) }
    _ = exporter.export(["a", "b", "c", "d", "e"]) { second.append($0) }
    #expect(
      first.count == 2 && second.count == 5,
      "One exporter, two exports, two handlers: each handler should hear only its own export (2 and 5 calls), but they heard \(first.count) and \(second.count).")
    #expect(
      log.lines == ["exported Q3: 2 pages", "exported Q3: 5 pages"],
      "Two exports, so two lines in the shared log, one per export and no progress; it got \(log.lines).")
  }

  @Test func theDocumentIsUnchanged() {
    let document = exporter.export(["Sales up.", "Costs down."]) { _ in }
    #expect(
      document == "# Q3\n\n## Page 1\nSales up.\n\n## Page 2\nCosts down.\n",
      "Reporting progress must not change the document; export(_:progress:) returned \(document.debugDescription).")
  }
}
