import Foundation
import Testing
@testable import TutorKit

/// The HTML gradebook as a browser shows it: a real headless Chromium
/// (`chromium-headless-shell`, which `Scripts/test` installs) opens the page at a projector's
/// 1280×720, runs its script and prints the page as it then is (`--dump-dom`) or takes a
/// screenshot. The page's script reads the sort from the address's fragment and notes on
/// `<html>` how wide the page came out, which is what these tests read.
///
/// A missing browser fails the tests, saying how to install it: a pass that checked nothing
/// would hide that the page was never seen.
@Suite(.serialized) struct GradebookBrowserTests {
  static let browser = ProcessInfo.processInfo.environment["DITUTOR_BROWSER"] ?? "/usr/bin/chromium-headless-shell"

  /// A scratch folder for one test: the page, the browser's profile, its screenshot. Each test
  /// removes it when done.
  let folder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-browser-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// Runs the browser on the page with `extra` arguments; killed, with everything it started, if
  /// it runs over a minute.
  func browse(_ html: String, fragment: String = "", _ extra: [String]) async throws -> ProcessOutcome {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.browser),
      """
      No headless browser at \(Self.browser): install chromium-headless-shell \
      (apt-get install chromium-headless-shell; Scripts/test installs it), or name another in DITUTOR_BROWSER.
      """)
    let page = folder + "/gradebook.html"
    try html.write(toFile: page, atomically: true, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = folder
    let request = ProcessRequest(
      executable: Self.browser,
      arguments: [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars", "--window-size=1280,720",
        "--user-data-dir=\(folder)/profile",
      ] + extra + [URL(fileURLWithPath: page).absoluteString + fragment],
      environment: environment, workingDirectory: folder, timeout: .seconds(60), hardLimit: .seconds(60), outputLimit: 32 << 20)
    let outcome = try await LocalProcessRunner().run(request)
    #expect(outcome.ending == .exited(0), "the browser: \(outcome.ending)\n\(outcome.standardError.suffix(2000))")
    return outcome
  }

  /// The page after its script ran, sorted as `fragment` asks.
  func dom(_ html: String, fragment: String) async throws -> String {
    try await browse(html, fragment: fragment, ["--dump-dom"]).standardOutput
  }

  /// A screenshot's width and height, from its PNG header.
  func screenshot(_ html: String, fragment: String = "") async throws -> (png: Data, width: Int, height: Int) {
    let file = folder + "/screenshot.png"
    _ = try await browse(html, fragment: fragment, ["--screenshot=\(file)"])
    let png = try Data(contentsOf: URL(fileURLWithPath: file))
    try #require(png.count > 24 && png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
    func int(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (png, int(16), int(20))
  }

  /// The value of `name` on the page's `<html>` element.
  func rootAttribute(_ name: String, in dom: String) throws -> String {
    let tag = try #require(dom.range(of: "<html").map { dom[$0.lowerBound...].prefix { $0 != ">" } }, "no <html> in \(dom.prefix(300))")
    let start = try #require(tag.range(of: "\(name)=\"")?.upperBound, "the script did not set \(name): \(tag)")
    return String(tag[start...].prefix { $0 != "\"" })
  }

  /// The learners in the order the rows came out.
  func learners(in dom: String) -> [String] {
    let body = dom.components(separatedBy: "<tbody>").last?.components(separatedBy: "</tbody>").first ?? ""
    return body.components(separatedBy: "<span class=\"name\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
  }

  /// The `data-v` of each row's cell in column `column` (0 is the learner's name).
  func values(column: Int, in dom: String) -> [Double] {
    let body = dom.components(separatedBy: "<tbody>").last?.components(separatedBy: "</tbody>").first ?? ""
    return body.components(separatedBy: "<tr").dropFirst().compactMap { row in
      let cell = row.components(separatedBy: "<td").dropFirst().dropFirst(column - 1).first ?? ""
      return cell.range(of: "data-v=\"").flatMap { Double(cell[$0.upperBound...].prefix { $0 != "\"" }) }
    }
  }

  @Test func aClassOfThirtyByThirtyFitsAProjectorsWidth() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (entries, exercises) = ClassFixtures.large()
    let html = GradebookReport.html(entries, exercises: exercises, title: "ditutor gradebook")
    let dom = try await dom(html, fragment: "")
    let width = try #require(Int(try rootAttribute("data-scroll-width", in: dom)))
    let table = try #require(Int(try rootAttribute("data-table-width", in: dom)))
    #expect(width <= 1280 && table <= 1256, "the page is \(width) px wide, its table \(table) px: it must fit 1280 px with its margins")
    #expect(learners(in: dom) == ClassFixtures.names, "no fragment, no sorting: the order graded")
    #expect(!dom.contains(#"aria-sort=""#))
    #expect(dom.contains(#"<p class="tools" id="tools">"#), "the script shows the sorting tools (hidden without it)")

    let shot = try await screenshot(html)
    #expect((shot.width, shot.height) == (1280, 720))
  }

  @Test func theFragmentSortsByPassedCountByLearnerAndByOneExercise() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (entries, exercises) = ClassFixtures.large()
    let html = GradebookReport.html(entries, exercises: exercises, title: "ditutor gradebook")

    let byPassed = try await dom(html, fragment: "#sort=passed&order=desc")
    let passed = values(column: 1, in: byPassed)
    #expect(passed.count == 30 && passed == passed.sorted(by: >), "\(passed)")
    #expect(learners(in: byPassed).last == "donald-knuth", "the broken checkout (no score) last")
    #expect(byPassed.contains(#"data-key="passed" aria-sort="descending""#))
    #expect(try rootAttribute("data-sorted", in: byPassed) == "passed desc course")

    let byName = try await dom(html, fragment: "#sort=learner&order=asc")
    #expect(learners(in: byName) == ClassFixtures.names.sorted())
    #expect(byName.contains(#"data-key="learner" aria-sort="ascending""#))

    // Ascending is worst first: the broken checkout's blank, then the rewritten test.
    let byExercise = try await dom(html, fragment: "#sort=ex:greeting-clock&order=asc")
    let column = values(column: 2, in: byExercise)
    #expect(column == column.sorted(), "\(column)")
    #expect(learners(in: byExercise).prefix(2) == ["donald-knuth", "grace-hopper"], "no result, then the changed tests")
    #expect(byExercise.contains(#"data-key="ex:greeting-clock" data-n="0" data-passed="#))
    #expect(byExercise.contains(#"aria-sort="ascending""#))
  }

  @Test func theExerciseColumnsCanBeOrderedByHowManyPassedThem() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (entries, exercises) = ClassFixtures.large()
    let html = GradebookReport.html(entries, exercises: exercises, title: "ditutor gradebook")
    let dom = try await dom(html, fragment: "#columns=fewest-passed")
    let head = try #require(dom.components(separatedBy: "<thead>").dropFirst().first?.components(separatedBy: "</thead>").first)
    let counts = head.components(separatedBy: "data-passed=\"").dropFirst().compactMap { Int($0.prefix { $0 != "\"" }) }
    #expect(counts.count == 30 && counts == counts.sorted(), "\(counts)")
    #expect(counts.first != counts.last, "the fixture has a spread to order")
    #expect(dom.contains(#"data-columns="fewest-passed" aria-pressed="true""#))
    // Each row's cells moved with their heading: the first column is now the least passed one,
    // and the footer's counts follow.
    let first = try #require(head.components(separatedBy: "data-key=\"ex:").dropFirst().first?.prefix { $0 != "\"" })
    let foot = try #require(dom.components(separatedBy: "<tfoot>").dropFirst().first)
    let footCounts = foot.components(separatedBy: "<td class=\"c\" data-v=\"").dropFirst().compactMap { Int($0.prefix { $0 != "\"" }) }
    #expect(footCounts == counts)
    let ada = entries[0]
    let adaFirst = try #require(dom.components(separatedBy: ">ada-lovelace</span></th>").dropFirst().first)
    let expected = GradebookReport.HTMLCell(ada, String(first))
    #expect(adaFirst.components(separatedBy: "<td").dropFirst(2).first?.contains("title=\"\(expected.title)\"") == true)
  }

  /// The README's picture (docs/gradebook.png): a class of twelve, half-way through. Written to
  /// the README's folder when DITUTOR_UPDATE_SCREENSHOT is set, and checked for size either way.
  @Test func theReadmesScreenshotIsAProjectorsFrame() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (entries, exercises) = ClassFixtures.small()
    let html = GradebookReport.html(entries, exercises: exercises, title: "ditutor gradebook")
    let shot = try await screenshot(html, fragment: "#sort=passed&order=desc")
    #expect((shot.width, shot.height) == (1280, 720))
    if ProcessInfo.processInfo.environment["DITUTOR_UPDATE_SCREENSHOT"] != nil {
      var url = URL(fileURLWithPath: #filePath)
      for _ in 0..<3 { url.deleteLastPathComponent() }
      try FileManager.default.createDirectory(at: url.appendingPathComponent("docs"), withIntermediateDirectories: true)
      try shot.png.write(to: url.appendingPathComponent("docs/gradebook.png"))
    }
  }
}
