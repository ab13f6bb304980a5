import DeliveryTracking
import Testing

@MainActor
@Suite struct DeliveryTrackerTests {
  let clock = ManualClock()

  @Test func asksAtOnceThenEvery30Seconds() async throws {
    let service = StatusDouble([.success("Packed"), .success("Out for delivery"), .success("Delivered")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    #expect(await eventually { tracker.status == "Packed" })
    try #require(await eventually { clock.sleepers == 1 })
    #expect(clock.advance(by: .seconds(29)) == 0)
    #expect(service.asks == 1)
    #expect(clock.advance(by: .seconds(1)) == 1)
    #expect(await eventually { tracker.status == "Out for delivery" })
    try #require(await eventually { clock.sleepers == 1 })
    #expect(service.asks == 2)
    #expect(clock.advance(by: .seconds(30)) == 1)
    #expect(await eventually { tracker.status == "Delivered" })
    #expect(service.asks == 3)
    tracker.stop()
  }

  @Test func aFailureShowsUnavailableAndPollingGoesOn() async throws {
    let service = StatusDouble([.success("Packed"), .failure(.init()), .success("Out for delivery")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 })
    clock.advance(by: .seconds(30))
    #expect(await eventually { tracker.status == "Status unavailable" })
    try #require(await eventually { clock.sleepers == 1 })
    clock.advance(by: .seconds(30))
    #expect(await eventually { tracker.status == "Out for delivery" })
    tracker.stop()
  }

  @Test func stopCancelsTheWait() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 })
    let polling = tracker.polling
    tracker.stop()
    await polling?.value  // stopped: the polling ends
    #expect(clock.sleepers == 0)
    clock.advance(by: .seconds(60))
    #expect(service.asks == 1)
  }

  @Test func startAgainReplacesThePolling() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers == 1 })
    clock.advance(by: .seconds(10))
    tracker.start()
    try #require(await eventually { service.asks == 2 && clock.wakeTimes == [.seconds(40)] })
    #expect(clock.advance(by: .seconds(30)) == 1)
    #expect(await eventually { service.asks == 3 })
    tracker.stop()
  }
}
