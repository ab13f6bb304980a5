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

  @Test func eachListHasItsOwnTracker() {
    let kids = PackingList(items: ["tent", "torch"])
    let main = PackingList(items: ["tent", "stove"])
    let kidsSpy = RecordingTracker()
    let mainSpy = RecordingTracker()
    kids.tracker = kidsSpy
    main.tracker = mainSpy
    kids.pack("tent")
    #expect(
      kidsSpy.events == ["item_packed: tent"] && mainSpy.events.isEmpty,
      "Only the first list packed an item, so only its tracker should hear of it; the two spies saw \(kidsSpy.events) and \(mainSpy.events). `tracker` belongs to each list: a stored property, not a static or global slot that every list shares.")
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

  @Test func noEventReachesTheLiveTracker() {
    // Items of this test only: the other tests run at the same time.
    let withSpy = PackingList(items: ["compass", "headlamp"])
    withSpy.tracker = RecordingTracker()
    withSpy.pack("compass")
    let nobodyAgreed = PackingList(items: ["whistle", "rope"])
    nobodyAgreed.pack("whistle")
    let leaked = LiveTracker.sent.withLock { sent in
      ["compass", "whistle"].map { "item_packed: \($0)" }.filter(sent.contains)
    }
    #expect(
      !leaked.contains("item_packed: compass"),
      "A spy was set as the tracker, yet LiveTracker sent `item_packed: compass` to the analytics service as well. The property is the one way out for events: pack(_:) should call `tracker` and nothing else, with no LiveTracker() of its own.")
    #expect(
      !leaked.contains("item_packed: whistle"),
      "No tracker was set on this list (the user has not agreed to analytics), yet LiveTracker sent `item_packed: whistle`. Until someone sets a tracker, the NoOpTracker default sends events nowhere; a LiveTracker in pack(_:), as a fallback or next to `tracker`, is the opposite of a null object.")
  }
}
