// The code under test. Your tests go in EditionDownloaderTests.swift.

/// One article download. The live one streams the article and its photos to the device.
protocol ArticleDownload: AnyObject {
  func start()
}

enum Priority: Equatable {
  case high, normal
}

/// Makes downloads. The live factory holds the HTTP client and the disk; which articles to
/// fetch, and how urgently, is known only when an edition comes out.
protocol ArticleDownloadMaking {
  func makeDownload(articleID: String, priority: Priority) -> any ArticleDownload
}

/// The articles already on the device.
protocol SavedArticles {
  func contains(_ articleID: String) -> Bool
}

/// Gets a morning edition ready for reading offline.
struct EditionDownloader {
  let downloads: any ArticleDownloadMaking
  let saved: any SavedArticles

  /// Makes and starts one download for every article of the edition that is not saved yet.
  /// The lead article, the edition's first, downloads at high priority, the rest at normal
  /// priority. When the lead is already saved, nothing is high priority. Returns how many
  /// downloads it started.
  @discardableResult
  func downloadEdition(_ articleIDs: [String]) -> Int {
    var started = 0
    for (index, articleID) in articleIDs.enumerated() where !saved.contains(articleID) {
      let download = downloads.makeDownload(
        articleID: articleID, priority: index == 0 ? .high : .normal)
      download.start()
      // The lead matters most: start it again, to be sure.
      if index == 0 { download.start() }
      started += 1
    }
    return started
  }
}
