import Testing

@testable import ReportExportProgress

/// A spy: keeps every line instead of writing it to exports.log.
final class RecordingExportLog: ExportLog {
  private(set) var lines: [String] = []

  func record(_ line: String) {
    lines.append(line)
  }
}

/// One list of what happened, in order, for tests that care which came first.
final class EventList {
  var all: [String] = []
}

/// A log that writes into a shared event list, next to the progress handler's values.
final class SharedEventLog: ExportLog {
  let events: EventList

  init(events: EventList) {
    self.events = events
  }

  func record(_ line: String) {
    events.all.append("log \(line)")
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

  @Test(arguments: [1, 3, 7, 10, 12])
  func everyValueIsPagesDoneOverPageCount(pageCount: Int) {
    let pages = (1...pageCount).map { "page \($0)" }
    var reported: [Double] = []
    _ = exporter.export(pages) { reported.append($0) }
    let expected = (1...pageCount).map { Double($0) / Double(pageCount) }
    #expect(
      reported == expected,
      "For \(pageCount) pages the handler should hear pages done over the page count after each page, \(expected), ending at exactly 1.0; it heard \(reported).\(reported.count == pageCount && !reported.contains(0) ? " Values built from a step of 1/\(pageCount), added up or multiplied, pick up floating-point rounding: they wander off the true fractions, and a sum can end at 0.9999999999999999, not 1. Compute each value afresh: Double(index + 1) / Double(pages.count)." : "")")
  }

  @Test func anEmptyReportReportsNoProgress() {
    var reported: [Double] = []
    let document = exporter.export([]) { reported.append($0) }
    #expect(
      reported.isEmpty,
      "The handler hears once per page, after the page, and an empty report has no pages: it should hear nothing, but it heard \(reported).")
    #expect(document == "# Q3\n", "An empty report is just its title; export returned \(document.debugDescription).")
    #expect(
      log.lines == ["exported Q3: 0 pages"],
      "Even an empty export gets its one line in the log, \"exported Q3: 0 pages\"; it got \(log.lines).")
  }

  @Test func theLogLineComesOnceTheExportIsDone() {
    let events = EventList()
    let log = SharedEventLog(events: events)
    _ = ReportExporter(title: "Q3", log: log).export(["a", "b"]) { events.all.append("progress \($0)") }
    #expect(
      events.all == ["progress 0.5", "progress 1.0", "log exported Q3: 2 pages"],
      "The log's line says an export finished, so it is written after the last page's progress, not before the export starts. In order, the handler and the log heard \(events.all).")
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
      first == [0.5, 1.0] && second == [0.2, 0.4, 0.6, 0.8, 1.0],
      "Each export counts its own pages from zero: the 2-page export should report [0.5, 1.0] and the 5-page one [0.2, 0.4, 0.6, 0.8, 1.0], but they reported \(first) and \(second). Is a count of pages done kept in the exporter, from one export to the next? It belongs to the call: a local variable, or the loop's index.")
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
