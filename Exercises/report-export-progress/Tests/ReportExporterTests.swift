import Testing

@testable import ReportExportProgress

@Suite struct ReportExporterTests {
  @Test func reportsProgressAfterEveryPage() {
    var reported: [Double] = []
    _ = ReportExporter(title: "Q3").export(["a", "b", "c", "d"]) { reported.append($0) }
    #expect(
      reported.count == 4,
      "ReportExporter ignored the progress handler: it was called \(reported.count) times for 4 pages. Call `progress` after each page instead of printing.")
    #expect(
      reported == [0.25, 0.5, 0.75, 1.0],
      "For 4 pages the handler should hear the fraction done after each one, 0.25, 0.5, 0.75 and 1.0; it heard \(reported).")
  }

  @Test func progressRisesAndEndsAtExactlyOne() {
    var reported: [Double] = []
    _ = ReportExporter(title: "Q3").export(["a", "b", "c"]) { reported.append($0) }
    #expect(
      reported.last == 1.0,
      "The last progress value is what tells a progress bar the export is finished: it should be exactly 1.0, but the handler heard \(reported).")
    #expect(
      reported == reported.sorted() && Set(reported).count == reported.count,
      "Progress should only go up: the handler heard \(reported).")
  }

  @Test func eachCallReportsToItsOwnHandler() {
    let exporter = ReportExporter(title: "Q3")
    var first: [Double] = []
    var second: [Double] = []
    _ = exporter.export(["a", "b"]) { first.append($0) }
    _ = exporter.export(["a", "b", "c", "d", "e"]) { second.append($0) }
    #expect(
      first.count == 2 && second.count == 5,
      "One exporter, two exports, two handlers: each handler should hear only its own export (2 and 5 calls), but they heard \(first.count) and \(second.count).")
  }

  @Test func theDocumentIsUnchanged() {
    let document = ReportExporter(title: "Q3").export(["Sales up.", "Costs down."]) { _ in }
    #expect(
      document == "# Q3\n\n## Page 1\nSales up.\n\n## Page 2\nCosts down.\n",
      "Reporting progress must not change the document; export(_:progress:) returned \(document.debugDescription).")
  }
}
