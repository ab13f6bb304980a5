/// The learner's progress as this session knows it, and the one way to change it (``save(_:)``).
///
/// ``Session`` makes one and hands the same instance to every room that reads or records
/// progress (constructor injection), so navigation, the exercise desk and the quiz all work from
/// one state and none keeps a stale copy. It belongs to the session actor and never leaves it:
/// it is deliberately not `Sendable`, so the compiler keeps it on the actor.
final class LearnerProgress {
  private let store: ProgressStore
  /// False when `.ditutor/` could not be written at start: the session then keeps the learner's
  /// progress in memory only (the opening warning said so once) and never reads it back.
  private let canSave: Bool
  /// The state as last read or written.
  private(set) var state: LearnerState

  init(store: ProgressStore, opened: ProgressStore.Opened) {
    self.store = store
    self.canSave = opened.canSave
    self.state = opened.state
  }

  /// Where `.ditutor/` is: `reset` keeps its backups there.
  var directory: String { store.directory }

  /// Picks up what another ditutor on the same checkout saved since this one last looked, so
  /// two terminals never work from stale memory (a hint shown twice, a pass forgotten).
  func reload() {
    guard canSave else { return }
    if let (fresh, _) = try? store.load() { state = fresh }
  }

  /// Applies a change to the saved state; a warning block if it could not be written.
  func save(_ change: (inout LearnerState) -> Void) -> Block? {
    guard canSave else {
      change(&state)
      return nil
    }
    do {
      state = try store.update(change).state
      return nil
    } catch {
      change(&state)
      return .notice(.warning, [.text("Your progress could not be saved: \(error)")])
    }
  }
}
