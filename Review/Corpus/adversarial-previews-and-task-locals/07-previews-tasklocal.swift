import SwiftUI

enum Now {
  @TaskLocal static var date: @Sendable () -> Date = { Date() }
}

enum SystemTime {
  static func now() -> Date { Date() }
}

struct DueBadge: View {
  let due: Date
  var now: () -> Date = SystemTime.now
  var body: some View { Text(due < now() ? "Overdue" : "On loan") }
}

struct DueBadge_Previews: PreviewProvider {
  static var previews: some View {
    DueBadge(due: Date().addingTimeInterval(-3600), now: { Date() })
  }
}

struct APIClient {
  let session: URLSession
  static let shared = APIClient(session: URLSession.shared)
}

extension APIClient {
  static func live() -> APIClient {
    func makeSession() -> URLSession { URLSession.shared }
    return APIClient(session: makeSession())
  }
  static var liveValue: APIClient { APIClient(session: .shared) }
}
