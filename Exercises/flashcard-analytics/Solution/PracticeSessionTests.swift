import Flashcards
import Testing

/// A spy for analytics: it keeps every event, in order.
final class SpyAnalytics: PracticeAnalytics {
  private(set) var events: [PracticeEvent] = []

  func track(_ event: PracticeEvent) {
    events.append(event)
  }
}

/// Six Spanish words.
let deck = [
  Flashcard(id: "c1", prompt: "hello", answer: "hola"),
  Flashcard(id: "c2", prompt: "thank you", answer: "gracias"),
  Flashcard(id: "c3", prompt: "cat", answer: "gato"),
  Flashcard(id: "c4", prompt: "dog", answer: "perro"),
  Flashcard(id: "c5", prompt: "water", answer: "agua"),
  Flashcard(id: "c6", prompt: "book", answer: "libro"),
]

/// Twelve cards, for streaks longer than one deck of six: d1 to d12, answered a1 to a12.
let longDeck = (1...12).map { Flashcard(id: "d\($0)", prompt: "word \($0)", answer: "a\($0)") }

@Suite struct PracticeSessionTests {
  let session = PracticeSession(cards: deck)
  let spy = SpyAnalytics()

  func answer(_ answers: [String]) {
    for text in answers { session.answer(text) }
  }

  @Test func worksWithNoTrackerSet() {
    answer(["hola", "gracias", "gato"])
    #expect(session.correctCount == 3, "A learner who never agreed to analytics can still practise.")
  }

  @Test func reportsEachAnswerEveryFifthRightInARowAndTheEnd() {
    session.analytics = spy
    answer(["hola", "gracias", "gato", "perro", "agua", "no idea"])
    #expect(
      spy.events == [
        .answered(cardID: "c1", correct: true), .answered(cardID: "c2", correct: true),
        .answered(cardID: "c3", correct: true), .answered(cardID: "c4", correct: true),
        .answered(cardID: "c5", correct: true), .streak(5),
        .answered(cardID: "c6", correct: false), .finished(correct: 5, of: 6),
      ],
      "The tracker set on the session hears every event of it: the streak counter's ones too.")
  }

  @Test func theCheckIgnoresCase() {
    session.analytics = spy
    #expect(session.answer("Hola"), "\"Hola\" answers \"hello\": the check ignores case.")
    #expect(!session.answer("gato"), "\"gato\" does not answer \"thank you\".")
    #expect(
      spy.events == [.answered(cardID: "c1", correct: true), .answered(cardID: "c2", correct: false)],
      "Each answer is reported with its card and whether it was right.")
  }

  @Test func everyFifthRightAnswerInARowIsAStreak() {
    let long = PracticeSession(cards: longDeck)
    long.analytics = spy
    for number in 1...12 { long.answer(number == 11 ? "no idea" : "a\(number)") }
    let streaks = spy.events.filter { if case .streak = $0 { true } else { false } }
    #expect(streaks == [.streak(5), .streak(10)], "Ten right in a row: a streak at the fifth and at the tenth.")
  }

  @Test func aWrongAnswerStartsTheStreakAgain() {
    session.analytics = spy
    answer(["hola", "gracias", "gato", "perro", "no idea", "libro"])
    #expect(!spy.events.contains(.streak(5)), "Four right, one wrong and one right is no streak of five.")
  }

  @Test func aTrackerSetMidSessionHearsEverythingFromThenOn() {
    answer(["hola"])
    session.analytics = spy
    answer(["gracias", "gato", "perro", "agua", "libro"])
    #expect(
      spy.events == [
        .answered(cardID: "c2", correct: true), .answered(cardID: "c3", correct: true),
        .answered(cardID: "c4", correct: true), .answered(cardID: "c5", correct: true), .streak(5),
        .answered(cardID: "c6", correct: true), .finished(correct: 6, of: 6),
      ],
      "The learner agreed to analytics after the first card: from then on, every event goes to the new tracker.")
  }

  @Test func aWithdrawnTrackerHearsNothingMore() {
    session.analytics = spy
    answer(["hola", "gracias"])
    session.analytics = NoOpAnalytics()
    answer(["gato", "perro", "agua", "libro"])
    #expect(
      spy.events == [.answered(cardID: "c1", correct: true), .answered(cardID: "c2", correct: true)],
      "The learner withdrew after two cards: not one more event may reach the old tracker.")
  }
}
