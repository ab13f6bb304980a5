import Backups
import Testing

/// One list both doubles write into, to see how their calls interleave.
final class Events {
  var list: [String] = []
}

struct UploadFailed: Error {}

/// Stands in for the cloud store: fails the photos named in `failing`, and remembers every
/// upload it was asked for.
final class FakeStore: PhotoStore {
  let failing: Set<String>
  let events: Events
  private(set) var asked: [String] = []

  init(failing: Set<String> = [], events: Events = Events()) {
    self.failing = failing
    self.events = events
  }

  func upload(_ photo: Photo) throws {
    asked.append(photo.name)
    events.list.append("upload \(photo.name)")
    if failing.contains(photo.name) { throw UploadFailed() }
  }
}

/// Stands in for a progress bar: keeps every report.
final class SpyProgress: BackupProgress {
  let events: Events
  private(set) var reports: [String] = []

  init(events: Events = Events()) {
    self.events = events
  }

  func handled(_ done: Int, of total: Int) {
    reports.append("\(done)/\(total)")
    events.list.append("progress \(done)/\(total)")
  }
}

let photos = ["beach.jpg", "dunes.jpg", "sunset.jpg"].map(Photo.init)

@Suite struct PhotoBackupTests {
  @Test func uploadsEveryPhoto() {
    let store = FakeStore()
    let result = PhotoBackup(store: store).backUp(photos, progress: SpyProgress())
    #expect(Set(store.asked) == ["beach.jpg", "dunes.jpg", "sunset.jpg"])
    #expect(Set(result.uploaded) == ["beach.jpg", "dunes.jpg", "sunset.jpg"])
    #expect(result.failed.isEmpty)
  }

  @Test func reportsAfterEveryPhoto() {
    let spy = SpyProgress()
    _ = PhotoBackup(store: FakeStore()).backUp(photos, progress: spy)
    #expect(spy.reports == ["1/3", "2/3", "3/3"])
  }

  @Test func aFailedPhotoCountsAsHandled() {
    let store = FakeStore(failing: ["dunes.jpg"])
    let spy = SpyProgress()
    let result = PhotoBackup(store: store).backUp(photos, progress: spy)
    #expect(Set(store.asked) == ["beach.jpg", "dunes.jpg", "sunset.jpg"])
    #expect(Set(result.uploaded) == ["beach.jpg", "sunset.jpg"])
    #expect(result.failed == ["dunes.jpg"])
    #expect(spy.reports == ["1/3", "2/3", "3/3"])
  }

  @Test func reportsEachPhotoBeforeTheNextStarts() {
    let events = Events()
    _ = PhotoBackup(store: FakeStore(failing: ["dunes.jpg"], events: events))
      .backUp(photos, progress: SpyProgress(events: events))
    #expect(events.list.map { $0.hasPrefix("upload") ? "upload" : $0 } == [
      "upload", "progress 1/3",
      "upload", "progress 2/3",
      "upload", "progress 3/3",
    ])
  }

  @Test func eachCallReportsToItsOwnReporter() {
    let backup = PhotoBackup(store: FakeStore())
    let first = SpyProgress()
    let second = SpyProgress()
    _ = backup.backUp(photos, progress: first)
    _ = backup.backUp(Array(photos.prefix(2)), progress: second)
    #expect(first.reports == ["1/3", "2/3", "3/3"])
    #expect(second.reports == ["1/2", "2/2"])
  }
}
