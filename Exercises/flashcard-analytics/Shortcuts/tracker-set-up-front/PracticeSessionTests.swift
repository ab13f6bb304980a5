import Flashcards
import Testing

/// Keeps every event.
final class SpyAnalytics: PracticeAnalytics {
  private(set) var events: [PracticeEvent] = []

  func track(_ event: PracticeEvent) {
    events.append(event)
  }
}

let deck = [
  Flashcard(id: "c1", prompt: "hello", answer: "hola"),
  Flashcard(id: "c2", prompt: "thank you", answer: "gracias"),
  Flashcard(id: "c3", prompt: "cat", answer: "gato"),
  Flashcard(id: "c4", prompt: "dog", answer: "perro"),
  Flashcard(id: "c5", prompt: "water", answer: "agua"),
  Flashcard(id: "c6", prompt: "book", answer: "libro"),
]

@Suite struct PracticeSessionTests {
  let session: PracticeSession
  let spy = SpyAnalytics()

  init() {
    session = PracticeSession(cards: deck)
    session.analytics = spy
  }

  @Test func reportsAnswersAStreakAndTheEnd() {
    for text in ["hola", "gracias", "gato", "perro", "agua", "no idea"] { session.answer(text) }
    #expect(
      spy.events == [
        .answered(cardID: "c1", correct: true), .answered(cardID: "c2", correct: true),
        .answered(cardID: "c3", correct: true), .answered(cardID: "c4", correct: true),
        .answered(cardID: "c5", correct: true), .streak(5),
        .answered(cardID: "c6", correct: false), .finished(correct: 5, of: 6),
      ])
  }

  @Test func aWrongAnswerBreaksTheStreak() {
    for text in ["hola", "gracias", "gato", "perro", "no idea", "libro"] { session.answer(text) }
    #expect(!spy.events.contains(.streak(5)))
    #expect(session.correctCount == 5)
  }
}
