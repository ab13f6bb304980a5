import Foundation

protocol Clock: Sendable { var now: Date { get } }
struct SystemClock: Clock { var now: Date { Date() } }

protocol Mailer: Sendable { func send(_ text: String) async throws }
struct SMTPMailer: Mailer { func send(_ text: String) async throws {} }

final class Reminders {
  private let clock = SystemClock()  // review: concrete-boundary
  private let mailer: any Mailer
  private let defaults: UserDefaults = .standard  // review: global-singleton

  init(mailer: SMTPMailer) {  // review: concrete-boundary
    self.mailer = mailer
  }

  func remind() async throws {
    let session: URLSession = .shared  // review: global-singleton
    _ = session
    try await mailer.send("Due \(clock.now)")
  }
}
