/// Polls `condition` until it holds or `limit` passes, and says whether it held: a test waits
/// for what it needs with a deadline (and fails when the deadline passes), never for a fixed
/// pause that may or may not have been enough.
func eventually(within limit: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while !condition() {
    if ContinuousClock.now >= deadline { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}
