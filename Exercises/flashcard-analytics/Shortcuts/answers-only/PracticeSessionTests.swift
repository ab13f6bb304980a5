import Flashcards
import Testing

/// Keeps every answer event.
final class SpyAnalytics: PracticeAnalytics {
  private(set) var answers: [PracticeEvent] = []

  func track(_ event: PracticeEvent) {
    if case .answered = event { answers.append(event) }
  }
}

let deck = [
  Flashcard(id: "c1", prompt: "hello", answer: "hola"),
  Flashcard(id: "c2", prompt: "thank you", answer: "gracias"),
  Flashcard(id: "c3", prompt: "cat", answer: "gato"),
]

@Suite struct PracticeSessionTests {
  let session = PracticeSession(cards: deck)

  @Test func scoresWithoutATracker() {
    #expect(session.answer("HOLA"))
    #expect(!session.answer("merci"))
    #expect(session.correctCount == 1)
  }

  @Test func reportsEveryAnswerToTheTrackerSetLast() {
    let first = SpyAnalytics()
    let second = SpyAnalytics()
    session.analytics = first
    session.answer("hola")
    session.analytics = second
    session.answer("merci")
    session.answer("gato")
    #expect(first.answers == [.answered(cardID: "c1", correct: true)])
    #expect(second.answers == [.answered(cardID: "c2", correct: false), .answered(cardID: "c3", correct: true)])
  }
}
