// The code under test. Your tests go in EditionDownloaderTests.swift.

import Testing

/// One article download. The live one streams the article and its photos to the device.
public protocol ArticleDownload: AnyObject {
  func start()
}

public enum Priority: Equatable, Sendable {
  case high, normal
}

/// Makes downloads. The live factory holds the HTTP client and the disk; which articles to
/// fetch, and how urgently, is known only when an edition comes out.
public protocol ArticleDownloadMaking {
  func makeDownload(articleID: String, priority: Priority) -> any ArticleDownload
}

/// The app's factory: it holds the HTTP client and the disk. In this exercise its downloads only
/// note what they would have fetched, and a test that starts one fails: in the app, that is a
/// real download over the reader's data plan.
public struct LiveArticleDownloads: ArticleDownloadMaking, Sendable {
  public init() {}

  public func makeDownload(articleID: String, priority: Priority) -> any ArticleDownload {
    LiveArticleDownload(articleID: articleID)
  }
}

/// A real download: it streams the article and its photos from the newsroom's servers.
public final class LiveArticleDownload: ArticleDownload {
  public let articleID: String

  public init(articleID: String) {
    self.articleID = articleID
  }

  public func start() {
    Issue.record(
      "This test started a real download of \(articleID), made by LiveArticleDownloads, the app's factory: in the app it streams the article and its photos over the reader's data plan, and no test may start one, even to count them. Hand EditionDownloader your DownloadFactorySpy and look at what it recorded.")
  }
}

/// The articles already on the device.
public protocol SavedArticles {
  func contains(_ articleID: String) -> Bool
}

/// Gets a morning edition ready for reading offline.
public struct EditionDownloader {
  public let downloads: any ArticleDownloadMaking
  public let saved: any SavedArticles

  public init(downloads: any ArticleDownloadMaking, saved: any SavedArticles) {
    self.downloads = downloads
    self.saved = saved
  }

  /// Makes and starts one download for every article of the edition that is not saved yet.
  /// The lead article, the edition's first, downloads at high priority, the rest at normal
  /// priority. When the lead is already saved, nothing is high priority. Returns how many
  /// downloads it started.
  @discardableResult
  public func downloadEdition(_ articleIDs: [String]) -> Int {
    var started = 0
    for articleID in articleIDs where !saved.contains(articleID) {
      let download = downloads.makeDownload(
        articleID: articleID, priority: .normal)
      download.start()
      started += 1
    }
    return started
  }
}
