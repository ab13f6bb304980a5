import Flashcards
import Testing

// The code under test is Subject/PracticeSession.swift, and it is correct. Write the tests that
// would catch a bug in it. Start from the spy below: so far it remembers nothing.

/// Stands in for the live analytics service. So far it throws every event away.
final class SpyAnalytics: PracticeAnalytics {
  func track(_ event: PracticeEvent) {}
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

@Suite struct PracticeSessionTests {
  @Test func aRightAnswerIsRight() {
    let session = PracticeSession(cards: deck)
    session.analytics = SpyAnalytics()
    #expect(session.answer("Hola"), "\"Hola\" answers \"hello\": the check ignores case.")
  }
}
