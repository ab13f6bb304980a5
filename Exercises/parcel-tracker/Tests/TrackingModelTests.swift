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
