import Testing

/// Where an order is, from the shop's delivery service.
public protocol DeliveryStatus: Sendable {
  func status(of order: String) async throws -> String
}

/// The order screen's model. While the screen is open it shows where the order is, and asks the
/// delivery service again every 30 seconds.
///
/// - `start()` (the screen appeared) asks at once, then every 30 s on the injected clock.
/// - A failed ask shows "Status unavailable", and the polling goes on.
/// - `stop()` (the screen went away) cancels the wait in progress: no more asks.
/// - Calling `start()` again replaces the polling in progress; there is never more than one.
@MainActor
public final class DeliveryTracker {
  /// What the screen shows.
  public private(set) var status = "Checking…"
  /// The polling in progress, nil when stopped.
  public private(set) var polling: Task<Void, Never>?
  private var generation = 0

  private let order: String
  private let service: any DeliveryStatus
  private let clock: any Clock<Duration>

  public init(order: String, service: any DeliveryStatus, clock: any Clock<Duration>) {
    self.order = order
    self.service = service
    self.clock = clock
  }

  public func start() {
    generation += 1
    let mine = generation
    polling = Task {
      while generation == mine {
        do {
          status = try await service.status(of: order)
        } catch is CancellationError {
          return
        } catch {
          status = "Status unavailable"
        }
        do {
          try await clock.sleep(for: .seconds(30))
        } catch {
          return  // stopped, or replaced by a new start()
        }
      }
    }
  }

  public func stop() {
    polling?.cancel()
    polling = nil
  }
}

/// The real delivery service, for the composition root:
/// `DeliveryTracker(order:service: LiveDeliveryStatus(), clock: ContinuousClock())`. In the app it
/// calls the courier's API; in this exercise a test that builds one fails.
public struct LiveDeliveryStatus: DeliveryStatus, Sendable {
  public init() {
    Issue.record(
      "This test built LiveDeliveryStatus, the live service: in the app it calls the courier's API for a real order. Hand the tracker a StatusDouble, whose answers the test chooses.")
  }

  public func status(of order: String) async throws -> String {
    Issue.record(
      "This test asked LiveDeliveryStatus, the live service, about order \(order): in the app that is a call to the courier's API. Hand the tracker a StatusDouble, whose answers the test chooses.")
    return "Out for delivery"
  }
}
