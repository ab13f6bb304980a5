/// Where a check is, for a progress line: the learner waits for the compiler, then the tests.
/// Part of the ``ExerciseChecker`` port, so it belongs to no one implementation of it.
public enum CheckPhase: Sendable, Equatable {
  /// Another ditutor (a second terminal) is checking in this checkout; this check waits its turn.
  case waitingForAnotherCheck
  case compiling
  /// The build folder came from another place (a moved or copied checkout) and starts afresh.
  case rebuildingMovedCheckout
  case testing
}
