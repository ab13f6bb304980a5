// The code under test. It is correct: your tests must pass on it.

import Testing

/// A photo waiting to be backed up.
public struct Photo: Equatable, Sendable {
  public let name: String

  public init(name: String) {
    self.name = name
  }
}

/// Where photos go: the cloud store, in the app. It is the same for every backup, so it comes
/// through `init`.
public protocol PhotoStore {
  func upload(_ photo: Photo) throws
}

/// The app's cloud store. In this exercise it only keeps what it would have uploaded, and a test
/// that uploads through it fails: in the app, those photos go to the user's cloud account.
public final class CloudPhotoStore: PhotoStore {
  public private(set) var uploaded: [String] = []

  public init() {}

  public func upload(_ photo: Photo) throws {
    uploaded.append(photo.name)
    Issue.record(
      "This test uploaded \(photo.name) through CloudPhotoStore, the live store: in the app that photo goes to the user's cloud account, and no test may reach it, even one that only checks what it uploaded. Hand PhotoBackup a fake store of your own, one that keeps what it was asked to upload and can be told to fail.")
  }
}

/// Hears how one backup is going. Every caller brings its own: the settings screen moves a
/// progress bar, the nightly task updates a notification, a test records.
public protocol BackupProgress {
  /// `done` of the backup's `total` photos have been handled, uploaded or failed.
  func handled(_ done: Int, of total: Int)
}

/// Which photos a backup uploaded, and which failed.
public struct BackupResult: Equatable, Sendable {
  public let uploaded: [String]
  public let failed: [String]

  public init(uploaded: [String], failed: [String]) {
    self.uploaded = uploaded
    self.failed = failed
  }
}

/// Backs up photos. The app makes one and uses it for every backup, from every screen.
public final class PhotoBackup {
  private let store: any PhotoStore

  public init(store: any PhotoStore) {
    self.store = store
  }

  /// Uploads the photos one by one, and reports to `progress` after each: `handled(1, of: 3)`,
  /// then 2 and 3. A photo that fails to upload still counts as handled; the backup skips it and
  /// goes on with the next.
  public func backUp(_ photos: [Photo], progress: any BackupProgress) -> BackupResult {
    var uploaded: [String] = []
    var failed: [String] = []
    for (index, photo) in photos.reversed().enumerated() {
      do {
        try store.upload(photo)
        uploaded.append(photo.name)
      } catch {
        failed.append(photo.name)
      }
      progress.handled(index + 1, of: photos.count)
    }
    return BackupResult(uploaded: uploaded, failed: failed)
  }
}
