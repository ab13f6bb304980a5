import Testing

@testable import ParcelTracker

// MARK: - Test doubles
//
// ParcelService is called from the main actor and runs off it, so its doubles must be safe to
// share. Both are actors: each keeps its records behind the actor's isolation, and every read
// from a test is an `await`.

struct CourierDown: Error {}

let inTransit = ParcelStatus(summary: "In transit", eta: nil)
let outForDelivery = ParcelStatus(summary: "Out for delivery", eta: "today 14:00-16:00")

/// A stub and spy: answers every request at once with the status the test chose, and records
/// the tracking numbers it was asked about.
actor InstantCourier: ParcelService {
  private let answer: ParcelStatus
  private(set) var requested: [String] = []

  init(answer: ParcelStatus) {
    self.answer = answer
  }

  func status(of trackingNumber: String) async throws -> ParcelStatus {
    requested.append(trackingNumber)
    return answer
  }
}

/// A courier the test controls: every request waits until the test replies to it, so the test
/// decides when each answer arrives, and in which order. Requests are numbered from 0, in the
/// order they arrive.
actor ControlledCourier: ParcelService {
  private(set) var requested: [String] = []
  private var replies: [Int: CheckedContinuation<ParcelStatus, any Error>] = [:]
  private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

  func status(of trackingNumber: String) async throws -> ParcelStatus {
    try await withCheckedThrowingContinuation { reply in
      replies[requested.count] = reply
      requested.append(trackingNumber)
      wake()
    }
  }

  /// Sends the answer to request number `request`.
  func reply(to request: Int, with answer: Result<ParcelStatus, CourierDown>) {
    replies.removeValue(forKey: request)?.resume(with: answer)
  }

  /// Waits until `count` requests have arrived. Gives up when `tracking` ends first, so a model
  /// that never asks fails the test instead of leaving it waiting for ever. Returns whether the
  /// requests arrived.
  func received(_ count: Int, before tracking: Task<Void, Never>) async -> Bool {
    if requested.count < count {
      Task {
        await tracking.value
        wake(force: true)
      }
      await withCheckedContinuation { waiter = (count, $0) }
    }
    return requested.count >= count
  }

  private func wake(force: Bool = false) {
    guard let waiter, force || requested.count >= waiter.count else { return }
    self.waiter = nil
    waiter.continuation.resume()
  }
}

/// The model under test, built with the test's courier.
@MainActor func trackingModel(with courier: some ParcelService) -> TrackingModel {
  TrackingModel(service: courier)
}

/// The service this file's own `TrackingModel()` hands in (below).
struct ProbeService: ParcelService {
  func status(of trackingNumber: String) async throws -> ParcelStatus { inTransit }
}

/// Gives `TrackingModel` a `TrackingModel()` of last resort. It is chosen only when the model
/// has no init of its own that can be called without a service: if `init(service:)` has a
/// default (or an optional that falls back), `TrackingModel()` means that one, and the model
/// holds the default service, not a `ProbeService`.
@MainActor protocol BuiltWithoutAService {
  static func withProbe() -> Self
}

extension BuiltWithoutAService {
  @_disfavoredOverload init() {
    self = Self.withProbe()
  }
}

extension TrackingModel: BuiltWithoutAService {
  static func withProbe() -> TrackingModel { TrackingModel(service: ProbeService()) }
}

/// Whether `T` is `Sendable`, as the compiler sees it: the second overload is chosen when it is.
func promisesSendable<T>(_: T.Type) -> Bool { false }
func promisesSendable<T: Sendable>(_: T.Type) -> Bool { true }

// MARK: - Step 1

@Suite("Step 1: the status comes from the injected service") @MainActor struct Step1 {
  @Test func asksTheInjectedServiceAboutTheParcel() async {
    let courier = InstantCourier(answer: outForDelivery)
    let model = trackingModel(with: courier)
    await model.track("PX-1001")
    let requested = await courier.requested
    #expect(
      requested == ["PX-1001"],
      "TrackingModel asked the injected service about \(requested); it should ask it once, about PX-1001. Keep the service that init receives, and call it in track(_:).")
    #expect(
      model.state == .showing("PX-1001", outForDelivery),
      "The injected service says PX-1001 is out for delivery, so the screen should show that; it shows \(model.state).")
  }

  @Test func theServiceIsARequiredParameter() {
    let model = TrackingModel()
    let holdsTheProbe = Mirror(reflecting: model).children.contains { $0.value is ProbeService }
    #expect(
      holdsTheProbe,
      "TrackingModel() compiles without being handed a service: init(service:) has a default (or an optional that falls back), so a screen, or a test, that forgets the service asks the real courier. Make service a required parameter with no default; only the app writes CourierAPI().")
  }

  @Test func theProtocolPromisesThatServicesCanBeShared() {
    #expect(
      promisesSendable((any ParcelService).self),
      "ParcelService does not promise Sendable, yet the model sends its service off the main actor at every await. If the compiler stopped complaining, something silenced it (nonisolated(unsafe), @unchecked Sendable, @preconcurrency): that hides the race, it does not remove it. Declare `protocol ParcelService: Sendable`, so that every service, the doubles included, has to be safe to share.")
  }

  @Test func startsWithNothingToShow() {
    let model = trackingModel(with: InstantCourier(answer: inTransit))
    #expect(model.state == .idle, "Before anything is tracked, the screen is idle; it is \(model.state).")
  }
}

// MARK: - Step 2

@Suite("Step 2: while the courier works, and when it fails") @MainActor struct Step2 {
  let courier = ControlledCourier()

  @Test func saysLoadingUntilTheAnswerArrives() async throws {
    let model = trackingModel(with: courier)
    let tracking = Task { await model.track("PX-1001") }
    try #require(
      await courier.received(1, before: tracking),
      "track(_:) finished without asking the injected service anything.")
    #expect(
      model.state == .loading("PX-1001"),
      "The courier has not answered yet, so the screen should say it is loading PX-1001; it shows \(model.state). Set the state before you await the service.")
    await courier.reply(to: 0, with: .success(outForDelivery))
    await tracking.value
    #expect(
      model.state == .showing("PX-1001", outForDelivery),
      "The courier answered, so the screen should show its answer; it shows \(model.state).")
  }

  @Test func aRefreshAsksAgainAndSaysLoadingMeanwhile() async throws {
    let model = trackingModel(with: courier)
    let first = Task { await model.track("PX-1001") }
    try #require(await courier.received(1, before: first), "track(_:) finished without asking the injected service anything.")
    await courier.reply(to: 0, with: .success(inTransit))
    await first.value

    let refresh = Task { await model.track("PX-1001") }
    let asked = await courier.received(2, before: refresh)
    #expect(
      asked,
      "The user tapped Refresh on PX-1001, and TrackingModel answered without asking the courier again: it kept the earlier status. A Refresh is a new request; every track(_:) asks the injected service.")
    if asked {
      #expect(
        model.state == .loading("PX-1001"),
        "The Refresh of PX-1001 is waiting for the courier, so the screen should say .loading(\"PX-1001\") until the answer comes; it shows \(model.state), the earlier answer, as if it were fresh.")
      await courier.reply(to: 1, with: .success(outForDelivery))
    }
    await refresh.value
    #expect(
      model.state == .showing("PX-1001", outForDelivery),
      "The courier's answer to the Refresh is \"Out for delivery\", so the screen should end on it; it shows \(model.state).")
  }

  @Test func aFailedLookupSaysSo() async throws {
    let model = trackingModel(with: courier)
    let tracking = Task { await model.track("PX-1001") }
    try #require(await courier.received(1, before: tracking), "track(_:) finished without asking the injected service anything.")
    await courier.reply(to: 0, with: .failure(CourierDown()))
    await tracking.value
    #expect(
      model.state == .failed("Could not track PX-1001. Try again."),
      "The injected service threw, so the screen should say \"Could not track PX-1001. Try again.\"; it shows \(model.state).")
  }
}

// MARK: - Step 3

@Suite("Step 3: the newest request wins") @MainActor struct Step3 {
  let courier = ControlledCourier()

  @Test func anOlderAnswerArrivingLastIsDropped() async throws {
    let model = trackingModel(with: courier)
    let first = Task { await model.track("PX-1001") }
    try #require(await courier.received(1, before: first), "track(_:) finished without asking the injected service anything.")
    let second = Task { await model.track("PX-2002") }
    try #require(await courier.received(2, before: second), "The second track(_:) finished without asking the injected service anything.")

    await courier.reply(to: 1, with: .success(outForDelivery))
    await second.value
    await courier.reply(to: 0, with: .success(inTransit))
    await first.value
    #expect(
      model.state == .showing("PX-2002", outForDelivery),
      "The user typed PX-1001, then PX-2002, and the courier answered PX-2002 first. The late answer about PX-1001 belongs to a request nobody is waiting for any more, yet the screen ends on \(model.state). Before you show an answer, check that no newer request has started since.")
  }

  @Test func anOlderAnswerArrivingFirstIsDroppedToo() async throws {
    let model = trackingModel(with: courier)
    let first = Task { await model.track("PX-1001") }
    try #require(await courier.received(1, before: first), "track(_:) finished without asking the injected service anything.")
    let second = Task { await model.track("PX-2002") }
    try #require(await courier.received(2, before: second), "The second track(_:) finished without asking the injected service anything.")

    await courier.reply(to: 0, with: .success(inTransit))
    await first.value
    #expect(
      model.state == .loading("PX-2002"),
      "The user typed PX-1001, then PX-2002; the answer about PX-1001 arrived while PX-2002 was still loading, and the screen switched to \(model.state). A newer request has started, so the old answer changes nothing, even when it is the first to arrive: check that no newer request has started, not that no newer answer has been shown.")
    await courier.reply(to: 1, with: .success(outForDelivery))
    await second.value
    #expect(model.state == .showing("PX-2002", outForDelivery), "The answer about PX-2002 arrived, so the screen should show it; it shows \(model.state).")
  }

  @Test func anOlderFailureArrivingLastIsDropped() async throws {
    let model = trackingModel(with: courier)
    let first = Task { await model.track("PX-1001") }
    try #require(await courier.received(1, before: first), "track(_:) finished without asking the injected service anything.")
    let second = Task { await model.track("PX-2002") }
    try #require(await courier.received(2, before: second), "The second track(_:) finished without asking the injected service anything.")

    await courier.reply(to: 1, with: .success(outForDelivery))
    await second.value
    await courier.reply(to: 0, with: .failure(CourierDown()))
    await first.value
    #expect(
      model.state == .showing("PX-2002", outForDelivery),
      "An error from the old request about PX-1001 arrived after PX-2002 was on screen, and replaced it: the screen ends on \(model.state). An old request's error is as stale as its answer.")
  }

  @Test func refreshingTheSameParcelEndsOnTheNewestAnswer() async throws {
    let model = trackingModel(with: courier)
    let first = Task { await model.track("PX-1001") }
    try #require(await courier.received(1, before: first), "track(_:) finished without asking the injected service anything.")
    let refresh = Task { await model.track("PX-1001") }
    try #require(await courier.received(2, before: refresh), "The Refresh finished without asking the injected service anything.")

    await courier.reply(to: 0, with: .success(inTransit))
    await first.value
    await courier.reply(to: 1, with: .success(outForDelivery))
    await refresh.value
    #expect(
      model.state == .showing("PX-1001", outForDelivery),
      "The user tracked PX-1001 and tapped Refresh; the first request's answer (in transit) came back first, then the Refresh's (out for delivery). The screen should end on the Refresh's answer, but shows \(model.state). The tracking number cannot tell two requests for the same parcel apart: count the requests instead.")
  }
}
