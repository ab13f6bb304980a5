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
  /// The field's text, as of the last keystroke.
  private var latest = ""
  /// When the waiting search may go out; every keystroke moves it.
  private var deadline: (any InstantProtocol<Duration>)?
  /// Whether `pending` is still waiting for the deadline.
  private var waiting = false

  init(catalog: any ProductCatalog, clock: any Clock<Duration>) {
    self.catalog = catalog
    self.clock = clock
  }

  /// Called by the screen on every keystroke, with the field's whole text.
  func textChanged(_ text: String) {
    latest = text
    guard !text.isEmpty else {
      pending?.cancel()
      pending = nil
      waiting = false
      results = []
      return
    }
    if waiting, let pending, !pending.isCancelled {
      restart(clock)
      return  // the waiting search will notice the new deadline
    }
    pending?.cancel()
    restart(clock)
    waiting = true
    pending = Task { await run(clock) }
  }

  private func restart<C: Clock<Duration>>(_ clock: C) {
    deadline = clock.now.advanced(by: .milliseconds(300))
  }

  private func run<C: Clock<Duration>>(_ clock: C) async {
    while true {
      guard let until = deadline as? C.Instant else { return }
      do {
        try await clock.sleep(until: until, tolerance: nil)
      } catch {
        return  // cancelled: the field was cleared
      }
      if let moved = deadline as? C.Instant, moved > until { continue }  // typed meanwhile: wait on
      break
    }
    waiting = false
    let text = latest
    let found = (try? await catalog.search(text)) ?? []
    guard !Task.isCancelled else { return }  // an answer for old text
    results = found
  }
}
