// The code under test. It is correct: your tests must pass on it.

import Testing

/// One card: a prompt, and the answer the learner must type.
public struct Flashcard: Equatable, Sendable {
  public let id: String
  public let prompt: String
  public let answer: String

  public init(id: String, prompt: String, answer: String) {
    self.id = id
    self.prompt = prompt
    self.answer = answer
  }
}

/// What a practice session tells analytics.
public enum PracticeEvent: Equatable, Sendable {
  case answered(cardID: String, correct: Bool)
  case streak(Int)
  case finished(correct: Int, of: Int)
}

/// Where practice events go.
public protocol PracticeAnalytics {
  func track(_ event: PracticeEvent)
}

/// The null object: a tracker that does nothing. The default, for learners who have not agreed
/// to analytics, and for the kids' edition, which never asks.
public struct NoOpAnalytics: PracticeAnalytics, Sendable {
  public init() {}

  public func track(_ event: PracticeEvent) {}
}

/// The real tracker, for the app: it sends each event to the analytics service. Exercises run
/// offline, and a test that reaches it fails: in the app, that is a learner's practice leaving the
/// phone.
public struct LiveAnalytics: PracticeAnalytics, Sendable {
  public init() {}

  public func track(_ event: PracticeEvent) {
    Issue.record(
      "This test sent \(event) through LiveAnalytics, the real analytics service: in the app that is a learner's data leaving the phone, and no test may reach it, not even as the tracker a spy replaces. Set a spy (or NoOpAnalytics()) on the session instead.")
  }
}

/// Counts right answers in a row, and reports every fifth one in a row as a streak.
public final class StreakCounter {
  public var analytics: any PracticeAnalytics
  public private(set) var inARow = 0

  public init(analytics: any PracticeAnalytics) {
    self.analytics = analytics
  }

  public func record(correct: Bool) {
    guard correct else {
      inARow = 0
      return
    }
    inARow += 1
    if inARow.isMultiple(of: 5) {
      analytics.track(.streak(inARow))
    }
  }
}

/// A practice session: the cards in order, one answer each.
public final class PracticeSession {
  /// Set by the app when the learner agrees to analytics, which may happen in the middle of a
  /// session, and set back to `NoOpAnalytics()` if they change their mind. Until then, events go
  /// nowhere.
  public var analytics: any PracticeAnalytics = NoOpAnalytics()

  private let cards: [Flashcard]
  private let streaks = StreakCounter(analytics: NoOpAnalytics())
  private var position = 0
  public private(set) var correctCount = 0

  public init(cards: [Flashcard]) {
    self.cards = cards
  }

  /// The card to answer next, or nil once the session is over.
  public var currentCard: Flashcard? {
    position < cards.count ? cards[position] : nil
  }

  /// Checks the answer to the current card (ignoring case), moves on to the next card, and
  /// returns whether the answer was right. Reports the answer, every fifth right answer in a
  /// row, and, after the last card, the end of the session.
  @discardableResult
  public func answer(_ text: String) -> Bool {
    guard let card = currentCard else { return false }
    let correct = text.lowercased() == card.answer.lowercased()
    position += 1
    if correct { correctCount += 1 }
    analytics.track(.answered(cardID: card.id, correct: correct))
    streaks.record(correct: correct)
    if position == cards.count {
      analytics.track(.finished(correct: correctCount, of: cards.count))
    }
    return correct
  }
}
