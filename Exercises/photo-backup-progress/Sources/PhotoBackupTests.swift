import Backups
import Testing

// The code under test is Subject/PhotoBackup.swift, and it is correct. Write the tests that would
// catch a bug in it. Start from the doubles below: so far they remember nothing.

/// Stands in for the cloud store. So far it accepts every photo and keeps no record.
final class FakeStore: PhotoStore {
  func upload(_ photo: Photo) throws {}
}

/// Stands in for a progress bar. So far it forgets every report.
final class SpyProgress: BackupProgress {
  func handled(_ done: Int, of total: Int) {}
}

let photos = ["beach.jpg", "dunes.jpg", "sunset.jpg"].map(Photo.init)

@Suite struct PhotoBackupTests {
  @Test func uploadsEveryPhoto() {
    let result = PhotoBackup(store: FakeStore()).backUp(photos, progress: SpyProgress())
    #expect(
      result == BackupResult(uploaded: ["beach.jpg", "dunes.jpg", "sunset.jpg"], failed: []),
      "The store accepted every photo, so all three should be uploaded.")
  }
}
