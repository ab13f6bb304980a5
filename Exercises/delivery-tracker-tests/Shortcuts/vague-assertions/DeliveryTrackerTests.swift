import DeliveryTracking
import Testing

@MainActor
@Suite struct DeliveryTrackerTests {
  let clock = ManualClock()

  @Test func asksAtOnceThenAgainLater() async throws {
    let service = StatusDouble([.success("Packed"), .success("Out for delivery")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    #expect(await eventually { service.asks > 0 })
    try #require(await eventually { clock.sleepers > 0 })
    #expect(clock.advance(by: .seconds(29)) == 0)
    #expect(clock.advance(by: .seconds(1)) > 0)
    #expect(await eventually { service.asks > 1 })
    tracker.stop()
  }

  @Test func aFailureChangesTheStatus() async throws {
    let service = StatusDouble([.success("Packed"), .failure(.init())])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers > 0 })
    clock.advance(by: .seconds(30))
    #expect(await eventually { tracker.status != "Packed" && tracker.status != "Checking…" })
    #expect(await eventually { clock.sleepers > 0 })
    tracker.stop()
  }

  @Test func stopLeavesNothingAsleep() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers > 0 })
    tracker.stop()
    #expect(await eventually { clock.sleepers == 0 })
  }

  @Test func startAgainLeavesOneWait() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { clock.sleepers > 0 })
    clock.advance(by: .seconds(10))
    tracker.start()
    #expect(await eventually { service.asks > 1 && clock.wakeTimes.count == 1 && clock.wakeTimes[0] > .seconds(30) })
    tracker.stop()
  }
}
