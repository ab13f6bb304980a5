import Backups
import Testing

/// Accepts every photo except the failing ones, and keeps the names it uploaded.
final class FakeStore: PhotoStore {
  struct UploadFailed: Error {}

  var failing: Set<String> = []
  private(set) var uploaded: [String] = []

  func upload(_ photo: Photo) throws {
    if failing.contains(photo.name) { throw UploadFailed() }
    uploaded.append(photo.name)
  }
}

/// Keeps every report.
final class SpyProgress: BackupProgress {
  private(set) var reports: [String] = []

  func handled(_ done: Int, of total: Int) {
    reports.append("\(done)/\(total)")
  }
}

let photos = ["beach.jpg", "dunes.jpg", "sunset.jpg"].map(Photo.init)

@Suite struct PhotoBackupTests {
  let store = FakeStore()
  let progress = SpyProgress()

  @Test func reportsOnceForEveryPhoto() {
    let result = PhotoBackup(store: store).backUp(photos, progress: progress)
    #expect(progress.reports == ["1/3", "2/3", "3/3"])
    #expect(result.uploaded == ["beach.jpg", "dunes.jpg", "sunset.jpg"])
  }

  @Test func aFailedPhotoCountsAndTheBackupGoesOn() {
    store.failing = ["dunes.jpg"]
    let result = PhotoBackup(store: store).backUp(photos, progress: progress)
    #expect(progress.reports == ["1/3", "2/3", "3/3"])
    #expect(result == BackupResult(uploaded: ["beach.jpg", "sunset.jpg"], failed: ["dunes.jpg"]))
  }

  @Test func twoBackupsTwoReporters() {
    let backup = PhotoBackup(store: store)
    let other = SpyProgress()
    _ = backup.backUp(Array(photos.prefix(2)), progress: progress)
    _ = backup.backUp([photos[2]], progress: other)
    #expect(progress.reports == ["1/2", "2/2"])
    #expect(other.reports == ["1/1"])
  }
}
