import Foundation

/// Records buzzes. Main-actor isolated: every read and write happens on the main actor.
@MainActor final class HapticsSpy: Haptics, @unchecked Sendable {
  private(set) var buzzes = 0
  nonisolated func buzz() { MainActor.assumeIsolated { buzzes += 1 } }
}

