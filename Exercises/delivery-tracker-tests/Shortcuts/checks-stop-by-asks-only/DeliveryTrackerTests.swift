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

  @Test func asksEvery30SecondsOnTheClock() async throws {
    let service = StatusDouble([.success("Packed"), .success("Out for delivery"), .success("Delivered")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { tracker.status == "Packed" && clock.sleepers == 1 })
    #expect(service.asks == 1)
    #expect(clock.wakeTimes == [.seconds(30)])
    #expect(clock.advance(by: .seconds(29)) == 0)
    #expect(service.asks == 1)
    #expect(clock.advance(by: .seconds(1)) == 1)
    try #require(await eventually { tracker.status == "Out for delivery" && clock.sleepers == 1 })
    #expect(service.asks == 2)
    #expect(clock.advance(by: .seconds(30)) == 1)
    try #require(await eventually { tracker.status == "Delivered" && clock.sleepers == 1 })
    #expect(service.asks == 3)
    tracker.stop()
    await tracker.polling?.value
  }

  @Test func aFailureShowsUnavailableAndPollingGoesOn() async throws {
    let service = StatusDouble([.failure(.init()), .success("Out for delivery")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { tracker.status == "Status unavailable" && clock.sleepers == 1 })
    #expect(service.asks == 1)
    #expect(clock.advance(by: .seconds(30)) == 1)
    try #require(await eventually { tracker.status == "Out for delivery" && clock.sleepers == 1 })
    #expect(service.asks == 2)
    tracker.stop()
  }

  @Test func stopCancelsTheWait() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { tracker.status == "Packed" && clock.sleepers == 1 })
    tracker.stop()
    clock.advance(by: .seconds(60))
    for _ in 0..<100 { await Task.yield() }
    #expect(service.asks == 1, "stop() must end the polling")
  }

  @Test func aSecondStartReplacesThePolling() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try #require(await eventually { service.asks == 1 && clock.sleepers == 1 })
    clock.advance(by: .seconds(10))
    tracker.start()
    try #require(await eventually { service.asks == 2 && clock.wakeTimes.contains(.seconds(40)) })
    #expect(clock.wakeTimes == [.seconds(40)])
    #expect(clock.advance(by: .seconds(20)) == 0)
    #expect(service.asks == 2)
    #expect(clock.advance(by: .seconds(10)) == 1)
    try #require(await eventually { service.asks == 3 && clock.sleepers == 1 })
    #expect(clock.wakeTimes == [.seconds(70)])
    tracker.stop()
  }
}
