/// The shop's product catalogue, on the server.
protocol ProductCatalog: Sendable {
  /// The products whose names start with `text`.
  func search(_ text: String) async throws -> [String]
}

/// The real catalogue: a request to the shop's server for every search. (In this exercise it
/// sends nothing and always fails; the app's composition root is the only place that makes one.)
struct HTTPCatalog: ProductCatalog {
  struct Offline: Error {}

  func search(_ text: String) async throws -> [String] {
    throw Offline()
  }
}

/// The search screen's model: the field's text goes in, the products to show come out.
///
/// The shop's server must not get a request per keystroke. So a search waits until the text has
/// not changed for 300 ms, and searches for the text as it is then.
@MainActor
final class ProductSearch {
  /// The products to show.
  private(set) var results: [String] = []
  /// The search for the latest text, waiting or running; nil when there is none. The screen
  /// never needs it; tests await it.
  private(set) var pending: Task<Void, Never>?

  private let catalog: any ProductCatalog
  private let clock: any Clock<Duration>

  init(catalog: any ProductCatalog, clock: any Clock<Duration>) {
    self.catalog = catalog
    self.clock = clock
  }

  /// Called by the screen on every keystroke, with the field's whole text.
  func textChanged(_ text: String) {
    pending?.cancel()
    guard !text.isEmpty else {
      pending = nil
      results = []
      return
    }
    pending = Task {
      do {
        try await clock.sleep(for: .milliseconds(300))
      } catch {
        return  // cancelled: a newer keystroke took over
      }
      try? await Task.sleep(for: .milliseconds(1))  // let the UI settle
      guard !Task.isCancelled else { return }
      let found = (try? await catalog.search(text)) ?? []
      guard !Task.isCancelled else { return }  // an answer for old text
      results = found
    }
  }
}
