import Flashcards
import Testing

final class SpyAnalytics: PracticeAnalytics {
  private(set) var events: [PracticeEvent] = []
  func track(_ event: PracticeEvent) { events.append(event) }
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

/// Twelve cards, ids d1...d12, answers a1...a12.
let longDeck = (1...12).map { Flashcard(id: "d\($0)", prompt: "p\($0)", answer: "a\($0)") }

func answered(_ ids: ClosedRange<Int>, _ correct: Bool = true) -> [PracticeEvent] {
  ids.map { .answered(cardID: "c\($0)", correct: correct) }
}

@Suite struct PracticeSessionTests {
  let spy = SpyAnalytics()

  @Test func aRightAnswerIsRightInAnyCase() {
    let session = PracticeSession(cards: deck)
    #expect(session.answer("Hola"))
    #expect(session.answer("GRACIAS"))
    #expect(!session.answer("gatto"))
  }

  @Test func aSpySetUpFrontHearsEverything() {
    let session = PracticeSession(cards: deck)
    session.analytics = spy
    for word in ["hola", "Gracias", "gato", "perro", "agua", "nope"] { session.answer(word) }
    #expect(spy.events == answered(1...5) + [.streak(5), .answered(cardID: "c6", correct: false), .finished(correct: 5, of: 6)])
  }

  @Test func aSpySetAfterTheFirstAnswerHearsTheRest() {
    let session = PracticeSession(cards: deck)
    session.answer("hola")
    session.analytics = spy
    for word in ["gracias", "gato", "perro", "agua", "libro"] { session.answer(word) }
    #expect(spy.events == answered(2...5) + [.streak(5), .answered(cardID: "c6", correct: true), .finished(correct: 6, of: 6)])
  }

  @Test func aWithdrawnSpyHearsNothingMore() {
    let session = PracticeSession(cards: deck)
    session.analytics = spy
    session.answer("hola")
    session.answer("gracias")
    session.analytics = NoOpAnalytics()
    for word in ["x", "x", "x", "x"] { session.answer(word) }
    #expect(spy.events == answered(1...2))
  }

  @Test func aReplacedSpyHearsNothingMore() {
    let session = PracticeSession(cards: deck)
    let second = SpyAnalytics()
    session.analytics = spy
    for word in ["hola", "gracias", "gato", "perro"] { session.answer(word) }
    session.analytics = second
    session.answer("x")
    session.answer("x")
    #expect(spy.events == answered(1...4))
    #expect(second.events == [.answered(cardID: "c5", correct: false), .answered(cardID: "c6", correct: false), .finished(correct: 4, of: 6)])
  }

  @Test func itWorksWithNoTrackerAtAll() {
    let session = PracticeSession(cards: deck)
    let results = ["hola", "x", "gato", "perro", "agua", "libro"].map { session.answer($0) }
    #expect(results == [true, false, true, true, true, true])
    #expect(session.correctCount == 5)
    #expect(session.currentCard == nil)
    #expect(!session.answer("extra"))
  }

  @Test func aWrongAnswerStartsTheStreakAgain() {
    let session = PracticeSession(cards: deck)
    session.analytics = spy
    for word in ["hola", "x", "gato", "perro", "agua", "libro"] { session.answer(word) }
    #expect(!spy.events.contains { if case .streak = $0 { true } else { false } })
    #expect(spy.events.last == .finished(correct: 5, of: 6))
  }

  @Test func everyFifthInARowIsAStreak() {
    let session = PracticeSession(cards: longDeck)
    session.analytics = spy
    for n in 1...12 { session.answer(n == 11 ? "x" : "a\(n)") }
    let streaks = spy.events.filter { if case .streak = $0 { true } else { false } }
    #expect(streaks == [.streak(5), .streak(10)])
    #expect(spy.events.count == 12 + 2 + 1)
    #expect(spy.events.last == .finished(correct: 11, of: 12))
  }
}
