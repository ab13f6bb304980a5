import Testing

@testable import ArticleScreenFactory

/// A stand-in screen: it remembers how often it appeared.
final class ScreenStub: ArticleShowing {
  let articleID: String
  private(set) var appearances = 0

  init(articleID: String) {
    self.articleID = articleID
  }

  /// Set by a test that wants to know where the screen was when it appeared.
  var isOnTopOfTheStack: ((ScreenStub) -> Bool)?
  private(set) var wasOnTopWhenItAppeared: [Bool] = []

  func appear() {
    appearances += 1
    if let isOnTopOfTheStack {
      wasOnTopWhenItAppeared.append(isOnTopOfTheStack(self))
    }
  }
}

/// Marks the screens that HeadlinesScreen(articleIDs:), with no factory, makes below.
final class MadeWithoutAFactory: ArticleShowing {
  let articleID: String
  init(articleID: String) { self.articleID = articleID }
  func appear() {}
}

/// A factory spy: it records every article id it is asked for and hands out a new stub each time.
final class ScreenFactorySpy {
  private(set) var asked: [String] = []
  private(set) var made: [ScreenStub] = []

  func makeArticleScreen(_ articleID: String) -> any ArticleShowing {
    asked.append(articleID)
    let screen = ScreenStub(articleID: articleID)
    made.append(screen)
    return screen
  }
}

struct StubAPI: NewsAPI {
  func headline(of articleID: String) -> String { "Headline of \(articleID)" }
}

final class AnalyticsSpy: Analytics {
  private(set) var events: [String] = []
  func track(_ event: String) { events.append(event) }
}

@Suite struct HeadlinesScreenTests {
  let factory = ScreenFactorySpy()
  let articleIDs = ["a-1", "a-2", "a-3"]

  var headlines: HeadlinesScreen {
    HeadlinesScreen(articleIDs: articleIDs, makeArticleScreen: factory.makeArticleScreen)
  }

  @Test func tappingARowAsksTheFactoryForThatArticle() {
    let headlines = self.headlines
    headlines.tapRow(1)
    #expect(
      factory.asked == ["a-2"],
      "Tapping the second row should ask the injected factory for a-2, once; it was asked for \(factory.asked). In tapRow(_:), call makeArticleScreen with the tapped row's id instead of building an ArticleScreen yourself.")
  }

  @Test func theScreenTheFactoryMadeIsShownOnTop() throws {
    let headlines = self.headlines
    headlines.tapRow(2)
    let made = try #require(
      factory.made.last,
      "HeadlinesScreen never called the injected factory, so the test cannot tell which screen it showed. Keep the factory from init(articleIDs:makeArticleScreen:) and call it in tapRow(_:).")
    #expect(
      headlines.stack.last === made,
      "The screen on top of the stack should be the very one the factory handed out; HeadlinesScreen showed another one. Push the screen you got from makeArticleScreen, not one you built on the side.")
    #expect(
      made.appearances == 1,
      "The screen the factory made should appear once when it is shown; it appeared \(made.appearances) times.")
  }

  @Test func everyTapMakesAFreshScreen() {
    let headlines = self.headlines
    headlines.tapRow(0)
    headlines.tapRow(0)
    #expect(
      factory.asked == ["a-1", "a-1"],
      "Two taps on the same row should ask the factory twice, for a-1 each time; it was asked for \(factory.asked). A factory is called when the value arrives, at the tap, every time.")
    #expect(
      headlines.stack.count == 2 && factory.made.count == 2
        && headlines.stack[0] === factory.made[0] && headlines.stack[1] === factory.made[1],
      "Each tap should push the new screen the factory made for it: expected 2 screens made and pushed, found \(factory.made.count) made and \(headlines.stack.count) pushed. Do not keep a screen from an earlier tap.")
  }

  @Test func nothingIsMadeBeforeATap() {
    _ = self.headlines
    #expect(
      factory.asked.isEmpty,
      "Creating HeadlinesScreen already asked the factory for \(factory.asked). Nobody has tapped yet: store the factory in init and call it only in tapRow(_:).")
  }

  @Test func theScreenAppearsOnceItIsOnTopOfTheStack() throws {
    final class Feed {
      var screen: HeadlinesScreen?
    }
    let feed = Feed()
    var made: [ScreenStub] = []
    let headlines = HeadlinesScreen(articleIDs: articleIDs) { id in
      let stub = ScreenStub(articleID: id)
      stub.isOnTopOfTheStack = { [unowned feed] in feed.screen?.stack.last === $0 }
      made.append(stub)
      return stub
    }
    feed.screen = headlines
    headlines.tapRow(1)
    let screen = try #require(
      made.first, "Tapping a row should ask the injected factory for a screen; it was never called.")
    #expect(
      screen.wasOnTopWhenItAppeared == [true],
      "\(screen.wasOnTopWhenItAppeared == [false] ? "The screen appeared before it was on the stack: tapRow(_:) made it appear, then pushed it. A screen appears when it is shown, and it reads its article and records the read as it appears: push it first, then call appear()." : "The screen should appear once, on top of the stack; it appeared \(screen.appearances) times.")")
  }

  @Test func noHeadlinesScreenWithoutAFactory() {
    let headlines = HeadlinesScreen(articleIDs: ["a-1"])
    headlines.tapRow(0)
    #expect(
      headlines.stack.last is MadeWithoutAFactory,
      "HeadlinesScreen(articleIDs:), with no factory, made \(headlines.stack.last.map { "\(type(of: $0))" } ?? "nothing"): a default value for `makeArticleScreen` (or an init(articleIDs:) that supplies a factory) is the live ArticleScreen again, one forgotten argument away. Keep only init(articleIDs:makeArticleScreen:), with no default, so every caller, the root and the tests, says how screens are made.")
  }

  @Test func theRootGivesEveryScreenItsOwnAPIAndAnalytics() throws {
    let analytics = AnalyticsSpy()
    let root = NewsroomRoot(api: StubAPI(), analytics: analytics)
    let headlines = root.makeHeadlinesScreen(articleIDs: ["a-9"])
    headlines.tapRow(0)
    let screen = try #require(
      headlines.stack.last as? ArticleScreen,
      "In the app, NewsroomRoot's factory should make a real ArticleScreen; the stack holds \(headlines.stack.map { type(of: $0) }).")
    #expect(
      screen.title == "Headline of a-9",
      "The article screen fetched its title from somewhere other than the API handed to NewsroomRoot: its title is \"\(screen.title)\". The closure the root gives HeadlinesScreen should build ArticleScreen(articleID:api:analytics:) with the root's own api and analytics.")
    #expect(
      analytics.events == ["article_opened a-9"],
      "Opening a-9 should be recorded through the analytics handed to NewsroomRoot; it recorded \(analytics.events).")
  }

  @Test func theRootsFactoryMakesAFreshScreenForEveryTap() throws {
    let analytics = AnalyticsSpy()
    let headlines = NewsroomRoot(api: StubAPI(), analytics: analytics).makeHeadlinesScreen(articleIDs: ["a-9"])
    headlines.tapRow(0)
    headlines.tapRow(0)
    try #require(headlines.stack.count == 2, "Two taps should push two screens; the stack holds \(headlines.stack.count).")
    #expect(
      headlines.stack[0] !== headlines.stack[1],
      "Tapping a-9 twice pushed the same screen object twice: the root's factory hands back a screen it made before. A factory for screens makes a new one on every call; keep no dictionary of screens in the closure.")
  }
}

/// What the tests need of the feed: the initialiser that takes a factory.
protocol BuiltWithAFactory {
  init(articleIDs: [String], makeArticleScreen: @escaping (String) -> any ArticleShowing)
}

extension HeadlinesScreen: BuiltWithAFactory {}

extension BuiltWithAFactory {
  /// The one initialiser with no factory: the feed's own needs its factory, so a call without
  /// one lands here. If the feed's initialiser gives `makeArticleScreen` a default value, or the
  /// feed has an `init(articleIDs:)` of its own, the call lands there instead.
  init(articleIDs: [String], factoryMustBeGiven: Void = ()) {
    self.init(articleIDs: articleIDs, makeArticleScreen: { MadeWithoutAFactory(articleID: $0) })
  }
}
