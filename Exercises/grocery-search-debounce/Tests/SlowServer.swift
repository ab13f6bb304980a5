import Synchronization

@testable import GrocerySearchDebounce

/// The shop's catalogue behind a slow server: every search waits until the test answers it, with
/// the products or the failure the test chooses, in the order the test chooses. So "the old
/// answer arrives last" happens on every run, and two searches for the same text can get
/// different answers (the shop's stock changed in between).
///
/// It notes every search whose task is cancelled while it asks: that is how a real client lets
/// the server drop a request nobody wants any more. A cancelled search still waits for its
/// answer, as a slow server does not answer sooner.
final class SlowServer: ProductCatalog {
  private struct Request {
    let id: Int
    let text: String
    var wake: CheckedContinuation<Result<[String], CatalogDown>, Never>?
  }

  private struct State {
    var requests: [Request] = []
    var cancelled: Set<Int> = []
    var lastID = 0
    /// Whether every search is answered at once, with no products (see `answerTheRest()`).
    var open = false
  }
  private let state = Mutex(State())

  /// Every text searched for, in order.
  var queries: [String] { state.withLock { $0.requests.map(\.text) } }

  /// The texts of the searches whose task was cancelled while they asked, in the order asked.
  var cancelled: [String] {
    state.withLock { state in state.requests.filter { state.cancelled.contains($0.id) }.map(\.text) }
  }

  func search(_ text: String) async throws -> [String] {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    let answer = await withTaskCancellationHandler {
      await withCheckedContinuation { (wake: CheckedContinuation<Result<[String], CatalogDown>, Never>) in
        let open = state.withLock { state in
          state.requests.append(Request(id: id, text: text, wake: state.open ? nil : wake))
          return state.open
        }
        if open { wake.resume(returning: .success([])) }
      }
    } onCancel: {
      state.withLock { _ = $0.cancelled.insert(id) }
    }
    return try answer.get()
  }

  /// Answers search number `request` (0 is the first search made; it must have been made) with
  /// `products`.
  func answer(_ request: Int, with products: [String]) {
    respond(request, with: .success(products))
  }

  /// Makes search number `request` (0 is the first search made) fail.
  func fail(_ request: Int) {
    respond(request, with: .failure(CatalogDown()))
  }

  /// Answers every search still waiting, and from now on every new one at once, with no
  /// products: so that no task waits for ever on a search the test did not expect (a retry,
  /// say), and none is left waiting when the test ends.
  func answerTheRest() {
    let waiting = state.withLock { state in
      state.open = true
      let waiting = state.requests.compactMap(\.wake)
      for index in state.requests.indices { state.requests[index].wake = nil }
      return waiting
    }
    for wake in waiting { wake.resume(returning: .success([])) }
  }

  private func respond(_ request: Int, with answer: Result<[String], CatalogDown>) {
    let wake = state.withLock { state -> CheckedContinuation<Result<[String], CatalogDown>, Never>? in
      guard state.requests.indices.contains(request) else { return nil }
      let wake = state.requests[request].wake
      state.requests[request].wake = nil
      return wake
    }
    wake?.resume(returning: answer)
  }
}
