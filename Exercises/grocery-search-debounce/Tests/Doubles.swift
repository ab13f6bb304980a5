import Synchronization

@testable import GrocerySearchDebounce

/// A fake clock: time stands still until the test moves it.
///
/// `sleep(until:)` suspends the caller until the test advances the clock past the deadline, so a
/// 300 ms debounce takes no time at all, and the test decides exactly when it ends. The clock is
/// shared by the test and the model's tasks, so its state sits behind a `Mutex`.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    /// Time since the clock was made.
    var offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (left: Instant, right: Instant) -> Bool {
      left.offset < right.offset
    }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let wake: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var lastID = 0
    /// Sleeps cancelled before they had started to wait.
    var cancelled: Set<Int> = []
  }

  private let state = Mutex(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// How many callers are asleep on this clock right now.
  var sleepers: Int { state.withLock { $0.sleepers.count } }

  /// When each sleeper wakes, as time since the clock was made, earliest first.
  var wakeTimes: [Duration] { state.withLock { $0.sleepers.map(\.deadline.offset).sorted() } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, CancellationError>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, wake: wake))
          return nil
        }
        if let outcome { wake.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.wake.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward, wakes every sleeper whose deadline has come, earliest first, and says
  /// how many woke.
  @discardableResult
  func advance(by duration: Duration) -> Int {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let due = state.sleepers.filter { $0.deadline <= state.now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= state.now }
      return due
    }
    for sleeper in due { sleeper.wake.resume() }
    return due.count
  }
}

/// The test double for the shop's catalogue: a few products, and every search recorded.
///
/// It answers at once, unless the test holds the answers (`holding: true`): then each search
/// waits until the test releases its text. It does not answer a cancelled search any sooner, as a
/// slow server would not. The model calls it from its tasks while the test reads it, so its state
/// sits behind a `Mutex`.
final class ShopCatalog: ProductCatalog {
  static let stock = ["oat milk", "oat bar", "oatcakes", "olive oil", "onions"]

  private struct State {
    var queries: [String] = []
    var holding: Bool
    var released: Set<String> = []
    var waiting: [(text: String, wake: CheckedContinuation<Void, Never>)] = []
    var failing: Set<String>
    var whenAsked: (@Sendable () -> Void)?
  }
  private let state: Mutex<State>

  init(holding: Bool = false, failing: Set<String> = []) {
    state = Mutex(State(holding: holding, failing: failing))
  }

  /// Every text searched for, in order.
  var queries: [String] { state.withLock { $0.queries } }

  static func products(for text: String) -> [String] {
    stock.filter { $0.hasPrefix(text) }
  }

  /// Runs `action` at the start of every search, in the model's task (`RealTimers.look`).
  func whenAsked(_ action: @escaping @Sendable () -> Void) {
    state.withLock { $0.whenAsked = action }
  }

  func search(_ text: String) async throws -> [String] {
    let (mustWait, fails, whenAsked) = state.withLock { state in
      state.queries.append(text)
      return (state.holding && !state.released.contains(text), state.failing.contains(text), state.whenAsked)
    }
    whenAsked?()
    if mustWait {
      await withCheckedContinuation { wake in
        let goOn = state.withLock { state -> Bool in
          if state.released.contains(text) { return true }
          state.waiting.append((text, wake))
          return false
        }
        if goOn { wake.resume() }
      }
    }
    if fails { throw CatalogDown() }
    return Self.products(for: text)
  }

  /// Lets the search for `text` answer (now, or as soon as it is made).
  func release(_ text: String) {
    let woken = state.withLock { state in
      state.released.insert(text)
      let woken = state.waiting.filter { $0.text == text }
      state.waiting.removeAll { $0.text == text }
      return woken
    }
    woken.forEach { $0.wake.resume() }
  }
}

struct CatalogDown: Error {}

/// Waits, on the main actor, until `condition` holds; false if it still does not after 200
/// rounds. Each round pauses a millisecond, then goes through the global executor and back, the
/// way the model's own awaits go, so every round gives the model a turn to move: a right
/// answer needs a few rounds, a busy machine makes the rounds slower rather than the test fail,
/// and a wrong answer costs a quarter of a second, not a deadline.
/// Use it as a barrier on a fact ("the catalogue was asked", "one sleeper on the clock"), never
/// as a pause: a test that needs time to pass moves the clock.
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<200 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
    await Task.detached {}.value
  }
  return condition()
}

/// `ProductSearch(catalog:)` with no clock. If the model's init gives `clock` a default value,
/// Swift calls that one. If it has none, the call lands here, in the test's own init, which stops
/// the program: that is the right outcome, checked in a child process.
protocol BuiltWithoutAClock {}
extension ProductSearch: BuiltWithoutAClock {}
extension BuiltWithoutAClock {
  init(catalog: any ProductCatalog, _ noClockGiven: Void = ()) {
    fatalError("ProductSearch(catalog:) found no init of the model's own to call: right, it needs a clock")
  }
}
