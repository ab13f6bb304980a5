import Synchronization
@testable import TutorKit

/// Recorded builds that can always build, and whose every build is `body`'s answer (told whether
/// it goes on past errors). Each build is kept in `asked`, with what `note` says at that moment
/// (what was in the build folder, say); recording runs SwiftPM's build and records nothing.
final class ScriptedBuilds: RecordedBuilds {
  let asked = Mutex<[(keepGoing: Bool, note: String?)]>([])
  private let note: @Sendable () -> String?
  private let body: @Sendable (_ keepGoing: Bool) -> RecordedBuild

  init(note: @escaping @Sendable () -> String? = { nil }, _ body: @escaping @Sendable (_ keepGoing: Bool) -> RecordedBuild) {
    self.note = note
    self.body = body
  }

  /// How many builds were asked for.
  var builds: Int { asked.withLock { $0.count } }

  func canBuild(_ configuration: Configuration, swift: String) -> Bool { true }

  func rebuild(
    _ configuration: Configuration, exercises: [String], planted: [PlantedBugs], keepGoing: Bool, swift: String
  ) async throws -> RecordedBuild {
    let note = note()
    asked.withLock { $0.append((keepGoing, note)) }
    return body(keepGoing)
  }

  func recording<Result: Sendable>(
    _ configuration: Configuration, exercises: [String], modules: [String], swift: String, keep: Bool,
    _ swiftPMBuild: () async throws -> (result: Result, built: Bool?)
  ) async throws -> Result { try await swiftPMBuild().result }

  func forget(_ configuration: Configuration) {}
}
