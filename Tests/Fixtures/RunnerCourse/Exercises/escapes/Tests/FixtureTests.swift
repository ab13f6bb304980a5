import Foundation
import Testing
@testable import Escapes

/// Starts a sleep in a new session and returns at once: once the test process ends, nothing
/// links the sleep to the run that started it but ditutor's adoption of orphans.
@Test func leavesAProcessBehind() throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
  process.arguments = ["/bin/sleep", "987654"]
  try process.run()
  #expect(answer() == 42)
}
