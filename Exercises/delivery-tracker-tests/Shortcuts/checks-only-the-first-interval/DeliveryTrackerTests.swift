import DeliveryTracking
import Testing

@MainActor
@Suite struct DeliveryTrackerTests {
  let clock = ManualClock()

  @Test func asksAtOnceThenWaits30Seconds() async throws {
    let service = StatusDouble([.success("Packed"), .success("Out for delivery")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    #expect(await eventually { tracker.status == "Packed" })
    try #require(await eventually { clock.sleepers == 1 })
    #expect(service.asks == 1)
    #expect(clock.wakeTimes == [.seconds(30)])
    clock.advance(by: .seconds(30))
    #expect(await eventually { service.asks == 2 })
    tracker.stop()
  }

  @Test func aFailureShowsUnavailableAndPollingGoesOn() async throws {
    let service = StatusDouble([.success("Packed"), .failure(.init())])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 })
    clock.advance(by: .seconds(30))
    #expect(await eventually { tracker.status == "Status unavailable" })
    #expect(await eventually { clock.sleepers == 1 })
    tracker.stop()
  }

  @Test func stopLeavesNothingAsleep() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 })
    tracker.stop()
    #expect(await eventually { clock.sleepers == 0 })
  }

  @Test func startAgainReplacesThePolling() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 })
    clock.advance(by: .seconds(10))
    tracker.start()
    #expect(await eventually { service.asks == 2 && clock.wakeTimes == [.seconds(40)] })
    tracker.stop()
  }
}
