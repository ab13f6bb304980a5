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
    try await Task.sleep(for: .milliseconds(200))
    #expect(tracker.status == "Packed" && clock.sleepers == 1)
    #expect(service.asks == 1)
    #expect(clock.wakeTimes == [.seconds(30)])
    #expect(clock.advance(by: .seconds(29)) == 0)
    #expect(service.asks == 1)
    #expect(clock.advance(by: .seconds(1)) == 1)
    try await Task.sleep(for: .milliseconds(200))
    #expect(tracker.status == "Out for delivery" && clock.sleepers == 1)
    #expect(service.asks == 2)
    #expect(clock.advance(by: .seconds(30)) == 1)
    try await Task.sleep(for: .milliseconds(200))
    #expect(tracker.status == "Delivered" && clock.sleepers == 1)
    #expect(service.asks == 3)
    tracker.stop()
    try #require(clock.sleepers == 0)
    await tracker.polling?.value
  }

  @Test func aFailureShowsUnavailableAndPollingGoesOn() async throws {
    let service = StatusDouble([.failure(.init()), .success("Out for delivery")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try await Task.sleep(for: .milliseconds(200))
    #expect(tracker.status == "Status unavailable" && clock.sleepers == 1)
    #expect(service.asks == 1)
    #expect(clock.advance(by: .seconds(30)) == 1)
    try await Task.sleep(for: .milliseconds(200))
    #expect(tracker.status == "Out for delivery" && clock.sleepers == 1)
    #expect(service.asks == 2)
    tracker.stop()
  }

  @Test func stopCancelsTheWait() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try await Task.sleep(for: .milliseconds(200))
    #expect(tracker.status == "Packed" && clock.sleepers == 1)
    let polling = tracker.polling
    tracker.stop()
    try #require(clock.sleepers == 0, "stop() must cancel the wait at once")
    await polling?.value
    clock.advance(by: .seconds(60))
    await Task.yield()
    #expect(service.asks == 1)
    #expect(clock.sleepers == 0)
  }

  @Test func aSecondStartReplacesThePolling() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    try await Task.sleep(for: .milliseconds(200))
    #expect(service.asks == 1 && clock.sleepers == 1)
    clock.advance(by: .seconds(10))
    tracker.start()
    try await Task.sleep(for: .milliseconds(200))
    #expect(service.asks == 2 && clock.wakeTimes.contains(.seconds(40)))
    #expect(clock.wakeTimes == [.seconds(40)])
    #expect(clock.advance(by: .seconds(20)) == 0)
    #expect(service.asks == 2)
    #expect(clock.advance(by: .seconds(10)) == 1)
    try await Task.sleep(for: .milliseconds(200))
    #expect(service.asks == 3 && clock.sleepers == 1)
    #expect(clock.wakeTimes == [.seconds(70)])
    tracker.stop()
  }
}
