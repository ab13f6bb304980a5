import Backups
import Testing

/// What the store and the reporters saw, in the order it happened.
final class Timeline {
  private(set) var events: [String] = []

  func append(_ event: String) {
    events.append(event)
  }
}

/// A fake cloud store: it accepts every photo except those a test marks as failing, and writes
/// each attempt on the timeline.
final class FakeStore: PhotoStore {
  struct UploadFailed: Error {}

  private let timeline: Timeline
  var failing: Set<String> = []

  init(timeline: Timeline) {
    self.timeline = timeline
  }

  func upload(_ photo: Photo) throws {
    if failing.contains(photo.name) {
      timeline.append("failed \(photo.name)")
      throw UploadFailed()
    }
    timeline.append("uploaded \(photo.name)")
  }
}

/// A spy for one caller's progress bar: it keeps its own reports, and writes them on the
/// timeline too.
final class SpyProgress: BackupProgress {
  private let timeline: Timeline
  private(set) var reports: [String] = []

  init(timeline: Timeline) {
    self.timeline = timeline
  }

  func handled(_ done: Int, of total: Int) {
    reports.append("\(done)/\(total)")
    timeline.append("progress \(done)/\(total)")
  }
}

let photos = ["beach.jpg", "dunes.jpg", "sunset.jpg"].map(Photo.init)

@Suite struct PhotoBackupTests {
  let timeline = Timeline()
  let store: FakeStore
  let backup: PhotoBackup

  init() {
    store = FakeStore(timeline: timeline)
    backup = PhotoBackup(store: store)
  }

  @Test func reportsAfterEachPhotoWhileTheBackupRuns() {
    let result = backup.backUp(photos, progress: SpyProgress(timeline: timeline))
    #expect(
      timeline.events == [
        "uploaded beach.jpg", "progress 1/3",
        "uploaded dunes.jpg", "progress 2/3",
        "uploaded sunset.jpg", "progress 3/3",
      ],
      "A progress bar moves while the photos go up, one step per photo, and ends at 3 of 3.")
    #expect(result == BackupResult(uploaded: ["beach.jpg", "dunes.jpg", "sunset.jpg"], failed: []))
  }

  @Test func aFailedPhotoCountsAndTheBackupGoesOn() {
    store.failing = ["dunes.jpg"]
    let result = backup.backUp(photos, progress: SpyProgress(timeline: timeline))
    #expect(
      timeline.events == [
        "uploaded beach.jpg", "progress 1/3",
        "failed dunes.jpg", "progress 2/3",
        "uploaded sunset.jpg", "progress 3/3",
      ],
      "A photo that fails is handled too: the bar moves on, and so does the backup.")
    #expect(result == BackupResult(uploaded: ["beach.jpg", "sunset.jpg"], failed: ["dunes.jpg"]))
  }

  @Test func eachBackupReportsToItsOwnReporter() {
    let first = SpyProgress(timeline: timeline)
    let second = SpyProgress(timeline: timeline)
    _ = PhotoBackup(store: store).backUp(Array(photos.prefix(2)), progress: first)
    _ = PhotoBackup(store: store).backUp([photos[2]], progress: second)
    #expect(first.reports == ["1/2", "2/2"])
    #expect(second.reports == ["1/1"])
  }
}
