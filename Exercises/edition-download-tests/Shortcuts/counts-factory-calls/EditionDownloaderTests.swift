import Editions
import Testing

/// A stub: the articles a test says are already on the device.
struct SavedStub: SavedArticles {
  let ids: Set<String>

  func contains(_ articleID: String) -> Bool {
    ids.contains(articleID)
  }
}

/// A download that does nothing.
final class DownloadSpy: ArticleDownload {
  func start() {}
}

/// Counts how often it was asked for a download.
final class DownloadFactorySpy: ArticleDownloadMaking {
  private(set) var calls = 0

  func makeDownload(articleID: String, priority: Priority) -> any ArticleDownload {
    calls += 1
    return DownloadSpy()
  }
}

@Suite struct EditionDownloaderTests {
  let factory = DownloadFactorySpy()

  @Test func reportsHowManyDownloadsItStarted() {
    let downloader = EditionDownloader(downloads: factory, saved: SavedStub(ids: []))
    #expect(downloader.downloadEdition(["a-1", "a-2", "a-3"]) == 3)
  }

  @Test func asksOnceForEachUnsavedArticle() {
    let downloader = EditionDownloader(downloads: factory, saved: SavedStub(ids: ["a-2"]))
    downloader.downloadEdition(["a-1", "a-2", "a-3"])
    #expect(factory.calls == 2)
  }
}
