import Testing

@testable import PackingAnalytics

/// A spy: remembers every event instead of sending it anywhere.
final class RecordingTracker: PackingTracker {
  private(set) var events: [String] = []

  func track(_ event: String) {
    events.append(event)
  }
}

/// Lets a test see whether a property was declared Optional, with `?` or with `!`.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

func isOptional<Value>(_ value: Value) -> Bool {
  Value.self is any OptionalMarker.Type
}

@Suite struct PackingListTests {
  @Test func aFreshListStartsWithTheNullObject() {
    let list = PackingList(items: ["tent"])
    #expect(
      list.tracker is NoOpTracker,
      "A PackingList nobody configured should start with a NoOpTracker, so `tracker` is never nil and pack(_:) needs no `?` or `!`. Give the property a default value and drop the Optional.")
    #expect(
      !isOptional(list.tracker),
      "`tracker` is still declared Optional. With a null object there is always something to call, so the type should say so: `var tracker: any PackingTracker = NoOpTracker()`, and no `?` at the call sites.")
  }

  @Test func sendsEventsToTheTrackerSetAfterInit() {
    let list = PackingList(items: ["tent", "stove", "map"])
    let spy = RecordingTracker()
    list.tracker = spy
    list.pack("tent")
    list.pack("stove")
    #expect(
      spy.events == ["item_packed: tent", "item_packed: stove"],
      "PackingList ignored the tracker you set: it received \(spy.events.count) events for 2 packed items. pack(_:) should send its events through `tracker`, not through a LiveTracker it creates.")
  }

  @Test func reportsACompleteListOnce() {
    let list = PackingList(items: ["tent", "map"])
    let spy = RecordingTracker()
    list.tracker = spy
    list.pack("tent")
    list.pack("map")
    list.pack("map")
    #expect(
      spy.events == ["item_packed: tent", "item_packed: map", "list_complete"],
      "Packing the last item should send `list_complete` once, to the tracker you set; the spy saw \(spy.events).")
  }

  @Test func aTrackerThatArrivesLateSeesOnlyLaterEvents() {
    let list = PackingList(items: ["tent", "stove"])
    list.pack("tent")  // before the user agreed to analytics: goes nowhere
    let spy = RecordingTracker()
    list.tracker = spy
    list.pack("stove")
    #expect(
      spy.events == ["item_packed: stove", "list_complete"],
      "The tracker was set after `tent` was packed, so it should see only `stove` and `list_complete`; it saw \(spy.events). Read `tracker` at the moment you send an event.")
  }

  @Test func unknownAndRepeatedItemsAreNotTracked() {
    let list = PackingList(items: ["tent", "stove"])
    let spy = RecordingTracker()
    list.tracker = spy
    list.pack("kayak")
    list.pack("tent")
    list.pack("tent")
    #expect(list.packed == ["tent"])
    #expect(
      spy.events == ["item_packed: tent"],
      "Only newly packed items on the list are events; the spy saw \(spy.events).")
  }
}
