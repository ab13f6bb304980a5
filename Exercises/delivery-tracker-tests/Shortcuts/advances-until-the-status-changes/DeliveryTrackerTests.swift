import DeliveryTracking
import Testing

@MainActor
@Suite struct DeliveryTrackerTests {
  let clock = ManualClock()

  @Test func showsEachAnswer() async {
    let service = StatusDouble([.success("Packed"), .success("Out for delivery"), .success("Delivered")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    #expect(await eventually { tracker.status == "Packed" })
    #expect(await eventually { clock.advance(by: .seconds(30)); return tracker.status == "Out for delivery" })
    #expect(await eventually { clock.advance(by: .seconds(30)); return tracker.status == "Delivered" })
    tracker.stop()
  }

  @Test func failureShowsUnavailableThenRecovers() async {
    let service = StatusDouble([.failure(.init()), .success("Packed")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    #expect(await eventually { tracker.status == "Status unavailable" })
    #expect(await eventually { clock.advance(by: .seconds(30)); return tracker.status == "Packed" })
    tracker.stop()
  }

  @Test func stopEndsPolling() async {
    let service = StatusDouble([.success("Packed"), .success("Delivered")])
    let tracker = DeliveryTracker(order: "A-17", service: service, clock: clock)
    tracker.start()
    #expect(await eventually { tracker.status == "Packed" })
    tracker.stop()
    clock.advance(by: .seconds(60))
    for _ in 0..<100 { await Task.yield() }
    #expect(tracker.status == "Packed")
  }
}
