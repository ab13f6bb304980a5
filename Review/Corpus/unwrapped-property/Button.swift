protocol PlaybackAnalytics {
  func track(_ event: String)
}

final class SubscribeButtonModel {
  var analytics: (any PlaybackAnalytics)!  // review: unwrapped-property
  /// An optional that is handled is not the trap.
  var delegate: (any PlaybackAnalytics)?
  private(set) var isSubscribed = false

  func tap() {
    isSubscribed.toggle()
    analytics.track(isSubscribed ? "subscribed" : "unsubscribed")
    delegate?.track("tap")
  }
}
