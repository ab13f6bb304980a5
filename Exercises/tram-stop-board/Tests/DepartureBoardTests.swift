import Foundation
import Testing

@testable import TramStopBoard

// MARK: - Test doubles

/// A stub feed: answers with the departures (or the error) the test chose, and remembers which
/// stops it was asked about.
final class StubFeed: DepartureFeed {
  struct Offline: Error {}

  /// What the next redraw gets; a test may change it between redraws.
  var answer: Result<[Departure], Offline>
  private(set) var askedFor: [String] = []

  init(_ departures: [Departure]) {
    answer = .success(departures)
  }

  init(failing: Offline) {
    answer = .failure(failing)
  }

  func departures(from stop: String) throws -> [Departure] {
    askedFor.append(stop)
    return try answer.get()
  }
}

/// A clock the test sets by hand. It counts how often it is read.
final class ManualTime: TimeSource {
  var current: Date
  private(set) var reads = 0

  init(_ current: Date) {
    self.current = current
  }

  var now: Date {
    reads += 1
    return current
  }
}

/// 08:00 UTC on 14 November 2023, and moments around it.
let eight = Date(timeIntervalSince1970: 1_699_948_800)

func at(_ seconds: TimeInterval) -> Date {
  eight.addingTimeInterval(seconds)
}

func tram(_ line: String, _ destination: String, in seconds: TimeInterval) -> Departure {
  Departure(line: line, destination: destination, leavesAt: at(seconds))
}

/// The doubles this file's own short inits hand in (below).
struct ProbeFeed: DepartureFeed {
  func departures(from stop: String) throws -> [Departure] { [] }
}

struct ProbeTime: TimeSource {
  var now: Date { eight }
}

/// Gives `DepartureBoard` inits of last resort without a feed, without a clock, and without
/// both. Each is chosen only when the board has no init of its own that can be called that way:
/// if the feed or the clock has a default (in `init`, or as a property's initial value, which
/// the memberwise init turns into a default argument), the call means that one, and the board
/// holds the default, not the probe.
protocol BuiltWithoutDependencies {
  static func withProbes(stop: String, feed: any DepartureFeed, clock: any TimeSource) -> Self
}

extension BuiltWithoutDependencies {
  @_disfavoredOverload init(stop: String) {
    self = Self.withProbes(stop: stop, feed: ProbeFeed(), clock: ProbeTime())
  }

  @_disfavoredOverload init(stop: String, feed: any DepartureFeed) {
    self = Self.withProbes(stop: stop, feed: feed, clock: ProbeTime())
  }

  @_disfavoredOverload init(stop: String, clock: any TimeSource) {
    self = Self.withProbes(stop: stop, feed: ProbeFeed(), clock: clock)
  }
}

extension DepartureBoard: BuiltWithoutDependencies {
  static func withProbes(stop: String, feed: any DepartureFeed, clock: any TimeSource) -> DepartureBoard {
    DepartureBoard(stop: stop, feed: feed, clock: clock)
  }
}

/// Whether `value` holds a stored property of type `T`.
func holds<T>(_ value: Any, a _: T.Type) -> Bool {
  Mirror(reflecting: value).children.contains { $0.value is T }
}

/// The board at Central, with the test's doubles.
func centralBoard(feed: StubFeed, clock: ManualTime) -> DepartureBoard {
  DepartureBoard(stop: "Central", feed: feed, clock: clock)
}

// MARK: - Step 1

@Suite("Step 1: the rows come from the injected feed") struct Step1 {
  let clock = ManualTime(eight)

  @Test func asksTheInjectedFeedForItsStop() {
    let feed = StubFeed([tram("4", "Harbour", in: 180)])
    let board = centralBoard(feed: feed, clock: clock)
    _ = board.rows()
    #expect(
      feed.askedFor == ["Central"],
      "DepartureBoard asked the injected feed \(feed.askedFor.count) times (for \(feed.askedFor)); it should ask it once per redraw, for its own stop, \"Central\". Keep the feed that init receives and call it in rows(), instead of building a TransitAPIClient there.")
  }

  @Test func showsTheDeparturesTheFeedGives() {
    let feed = StubFeed([tram("4", "Harbour", in: 180), tram("11", "University", in: 420)])
    let rows = centralBoard(feed: feed, clock: clock).rows()
    #expect(
      rows == ["4 Harbour: 3 min", "11 University: 7 min"],
      "The injected feed says line 4 leaves in 3 minutes and line 11 in 7, so the board should show [\"4 Harbour: 3 min\", \"11 University: 7 min\"]; it shows \(rows).")
  }

  @Test func soonestFirstAndNoMoreThanThree() {
    let feed = StubFeed([
      tram("7", "Zoo", in: 900), tram("4", "Harbour", in: 180), tram("2", "Airport", in: 1_500),
      tram("11", "University", in: 420), tram("9", "Docks", in: 600),
    ])
    let rows = centralBoard(feed: feed, clock: clock).rows()
    #expect(
      rows == ["4 Harbour: 3 min", "11 University: 7 min", "9 Docks: 10 min"],
      "Five trams in the feed, in no particular order: the board shows the three soonest, soonest first. It shows \(rows).")
  }

  @Test func eachRedrawAsksTheFeedAgain() {
    let feed = StubFeed([tram("4", "Harbour", in: 180)])
    let board = centralBoard(feed: feed, clock: clock)
    _ = board.rows()
    _ = board.rows()
    #expect(
      feed.askedFor == ["Central", "Central"],
      "The board was redrawn twice, so it should have asked the feed twice; it asked \(feed.askedFor.count) times. Timetables change: ask the feed in rows(), not once in init.")
  }

  @Test func theFeedAndTheClockAreRequired() {
    var defaulted: [String] = []
    if !holds(DepartureBoard(stop: "Central"), a: ProbeFeed.self) { defaulted.append("a feed") }
    if !holds(DepartureBoard(stop: "Central", feed: ProbeFeed()), a: ProbeTime.self) { defaulted.append("a clock") }
    if !holds(DepartureBoard(stop: "Central", clock: ProbeTime()), a: ProbeFeed.self) { defaulted.append("a feed") }
    #expect(
      defaulted.isEmpty,
      "A DepartureBoard can be built without \(Set(defaulted).sorted().joined(separator: " and ")): a default (in init, or a property's initial value such as `var feed: any DepartureFeed = TransitAPIClient()`) fills it in. Then a board, or a test, that forgets it reads the real time or goes to the network, and no compiler says a word. Declare feed and clock with no value; the app hands in TransitAPIClient() and its clock.")
  }

  @Test func theAppCanStillUseTheLiveClient() {
    #expect(
      (TransitAPIClient() as Any) is any DepartureFeed,
      "TransitAPIClient does not conform to DepartureFeed, so the app has nothing real to hand the board. Declare the conformance: the live client already has the method the protocol asks for.")
  }
}

// MARK: - Step 2

@Suite("Step 2: the minutes come from the injected clock") struct Step2 {
  @Test(arguments: [
    (0.0, "4 Harbour: now"), (59.0, "4 Harbour: now"), (60.0, "4 Harbour: 1 min"), (479.0, "4 Harbour: 7 min"),
  ])
  func countsMinutesFromTheClocksTime(secondsLeft: TimeInterval, expected: String) {
    // The tram leaves at 08:10; the clock says it is `secondsLeft` before that.
    let clock = ManualTime(at(600 - secondsLeft))
    let rows = centralBoard(feed: StubFeed([tram("4", "Harbour", in: 600)]), clock: clock).rows()
    #expect(
      rows == [expected],
      "The injected clock says the tram leaves in \(Int(secondsLeft)) seconds, so the row should read \"\(expected)\"; the board shows \(rows). Work out the minutes from clock.now, not from Date().")
  }

  @Test func tramsThatHaveLeftAreNotShown() {
    let clock = ManualTime(at(300))
    let feed = StubFeed([tram("4", "Harbour", in: 290), tram("11", "University", in: 420)])
    let rows = centralBoard(feed: feed, clock: clock).rows()
    #expect(
      rows == ["11 University: 2 min"],
      "By the injected clock it is 08:05:00, and line 4 left at 08:04:50: only line 11 is still to come, in 2 minutes. The board shows \(rows).")
  }

  @Test func theClockIsReadAtEveryRedraw() {
    let clock = ManualTime(eight)
    let board = centralBoard(feed: StubFeed([tram("4", "Harbour", in: 600)]), clock: clock)
    let first = board.rows()
    clock.current = at(240)
    let later = board.rows()
    #expect(
      first == ["4 Harbour: 10 min"] && later == ["4 Harbour: 6 min"],
      "Four minutes passed on the injected clock between two redraws, so \"10 min\" should become \"6 min\"; the board showed \(first), then \(later). Keep the clock itself and read clock.now in rows(): a time read once is a time frozen.")
  }

  @Test func readsTheClockOncePerRedraw() {
    let clock = ManualTime(eight)
    let feed = StubFeed([tram("4", "Harbour", in: 180), tram("11", "University", in: 420), tram("9", "Docks", in: 600)])
    _ = centralBoard(feed: feed, clock: clock).rows()
    #expect(
      clock.reads == 1,
      "One redraw of three trams read the injected clock \(clock.reads) times. Read clock.now once, at the top of rows(), and work out every row from that one moment: readings taken row by row can straddle a minute, and the board then mixes two times.")
  }

  @Test func buildingTheBoardUsesNothing() {
    let clock = ManualTime(eight)
    let feed = StubFeed([tram("4", "Harbour", in: 600)])
    _ = centralBoard(feed: feed, clock: clock)
    #expect(
      clock.reads == 0 && feed.askedFor.isEmpty,
      "Building a DepartureBoard already read the clock \(clock.reads) times and asked the feed \(feed.askedFor.count) times, before anything was drawn. An init only stores its dependencies; rows() uses them.")
  }
}

// MARK: - Step 3

@Suite("Step 3: when the feed fails") struct Step3 {
  @Test func aFailingFeedShowsOneRowAndNothingElse() {
    let feed = StubFeed(failing: StubFeed.Offline())
    let rows = centralBoard(feed: feed, clock: ManualTime(eight)).rows()
    #expect(
      rows == ["Times unavailable"],
      "The injected feed failed, so the board should show one row, \"Times unavailable\"; it shows \(rows). A board that falls back to TransitAPIClient when its feed fails still reaches the network behind the test's back: the feed it was given is the only one it uses.")
    #expect(feed.askedFor == ["Central"], "The board should have asked its feed once, for Central; it asked for \(feed.askedFor).")
  }

  @Test func aFeedThatFailsLaterShowsNoOldRows() {
    let feed = StubFeed([tram("4", "Harbour", in: 180)])
    let board = centralBoard(feed: feed, clock: ManualTime(eight))
    _ = board.rows()
    feed.answer = .failure(StubFeed.Offline())
    let rows = board.rows()
    #expect(
      rows == ["Times unavailable"],
      "The feed answered at the first redraw and failed at the second, and the board showed \(rows). Rows kept from an earlier redraw are old times shown as if they were live: when the feed fails, the board shows \"Times unavailable\" and nothing else, whatever it showed before.")
  }
}
