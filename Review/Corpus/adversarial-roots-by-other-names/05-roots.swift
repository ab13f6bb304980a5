import SwiftUI

protocol Clock: Sendable { var now: Date { get } }
protocol HTTP: Sendable { func data(from url: URL) async throws -> Data }

struct SystemClock: Clock { var now: Date { Date() } }
extension URLSession: HTTP {
  func data(from url: URL) async throws -> Data { try await data(from: url, delegate: nil).0 }
}

@MainActor final class ShelfModel: ObservableObject {
  private let clock: any Clock
  private let http: any HTTP
  init(clock: any Clock, http: any HTTP) { self.clock = clock; self.http = http }
}

/// Where the app is wired: every live service is chosen here, once.
struct AppEnvironment {
  let clock: SystemClock
  let http: any HTTP

  static func production() -> AppEnvironment {
    AppEnvironment(clock: SystemClock(), http: URLSession.shared)
  }
}

enum Dependencies {
  static let http: any HTTP = URLSession.shared
  static let defaults = UserDefaults.standard
}

@main
struct ShelfApp: App {
  @StateObject private var model = ShelfModel(clock: SystemClock(), http: URLSession.shared)
  private let startedAt = Date()

  var body: some Scene {
    WindowGroup { Text("Shelf") }
  }
}

final class AppDelegate: NSObject, UIApplicationDelegate {
  func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
    let model = ShelfModel(clock: SystemClock(), http: URLSession.shared)
    _ = model
    return true
  }
}
