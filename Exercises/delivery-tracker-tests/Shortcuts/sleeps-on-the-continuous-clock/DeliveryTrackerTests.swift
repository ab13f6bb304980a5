import DeliveryTracking
import Testing

/// Gives the tracker's task time to run.
func settle() async {
  try? await ContinuousClock().sleep(for: .milliseconds(30))
}

@MainActor
@Suite struct DeliveryTrackerTests {
  let clock = ManualClock()

  @Test func asksAtOnceThenEvery30Seconds() async throws {
    let service = StatusDouble([.success("Packed"), .success("Out for delivery"), .success("Delivered")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    await settle()
    #expect(tracker.status == "Packed")
    #expect(clock.advance(by: .seconds(29)) == 0)
    #expect(service.asks == 1)
    #expect(clock.advance(by: .seconds(1)) == 1)
    await settle()
    #expect(tracker.status == "Out for delivery")
    #expect(clock.advance(by: .seconds(30)) == 1)
    await settle()
    #expect(tracker.status == "Delivered")
    #expect(service.asks == 3)
    tracker.stop()
  }

  @Test func aFailureShowsUnavailableAndPollingGoesOn() async throws {
    let service = StatusDouble([.success("Packed"), .failure(.init()), .success("Out for delivery")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    await settle()
    clock.advance(by: .seconds(30))
    await settle()
    #expect(tracker.status == "Status unavailable")
    clock.advance(by: .seconds(30))
    await settle()
    #expect(tracker.status == "Out for delivery")
    tracker.stop()
  }

  @Test func stopCancelsTheWait() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    await settle()
    tracker.stop()
    await settle()
    #expect(clock.sleepers == 0)
    clock.advance(by: .seconds(60))
    await settle()
    #expect(service.asks == 1)
  }

  @Test func startAgainReplacesThePolling() async throws {
    let service = StatusDouble([.success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    await settle()
    clock.advance(by: .seconds(10))
    tracker.start()
    await settle()
    #expect(clock.wakeTimes == [.seconds(40)])
    #expect(service.asks == 2)
    tracker.stop()
  }
}
