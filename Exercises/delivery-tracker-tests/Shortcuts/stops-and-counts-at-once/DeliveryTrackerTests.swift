import DeliveryTracking
import Testing

@MainActor
@Suite struct DeliveryTrackerTests {
  let clock = ManualClock()

  @Test func showsTheFirstAnswer() async {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    #expect(await eventually { tracker.status == "Packed" })
    tracker.stop()
  }

  @Test func asksAtOnceThenEvery30Seconds() async throws {
    let service = StatusDouble([.success("Packed"), .success("Out for delivery"), .success("Delivered")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 }, "after the first ask, the tracker should sleep on the injected clock")
    #expect(service.asks == 1 && tracker.status == "Packed")

    #expect(clock.advance(by: .seconds(29)) == 0, "no ask before 30 s")
    #expect(service.asks == 1)
    #expect(clock.advance(by: .seconds(1)) == 1, "the wait ends at 30 s")
    #expect(await eventually { service.asks == 2 && clock.sleepers == 1 })
    #expect(tracker.status == "Out for delivery")

    clock.advance(by: .seconds(30))
    #expect(await eventually { service.asks == 3 && clock.sleepers == 1 })
    #expect(tracker.status == "Delivered")
    tracker.stop()
  }

  @Test func aFailedAskShowsUnavailableAndPollingGoesOn() async throws {
    let service = StatusDouble([.failure(StatusDouble.Down()), .success("Out for delivery")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 }, "after a failed ask, the tracker should still wait for the next one")
    #expect(tracker.status == "Status unavailable")
    clock.advance(by: .seconds(30))
    #expect(await eventually { service.asks == 2 && clock.sleepers == 1 })
    #expect(tracker.status == "Out for delivery")
    tracker.stop()
  }

  @Test func stopCancelsTheWaitAndAsksNoMore() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 })
    let polling = try #require(tracker.polling)
    tracker.stop()
    #expect(tracker.polling == nil)
    #expect(service.asks == 1)
    _ = polling
  }

  @Test func startingAgainReplacesThePolling() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 })
    clock.advance(by: .seconds(10))
    tracker.start()
    try #require(await eventually { clock.wakeTimes.contains(.seconds(40)) })
    #expect(clock.wakeTimes == [.seconds(40)], "the first polling should have been cancelled")
    #expect(service.asks == 2)
    tracker.stop()
  }
}
