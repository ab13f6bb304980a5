struct Recorder: PlaybackAnalytics {
  func track(_ event: String) {}
}
