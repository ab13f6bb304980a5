import Editions
import Testing

/// A stub: the articles a test says are already on the device.
struct SavedStub: SavedArticles {
  let ids: Set<String>

  func contains(_ articleID: String) -> Bool {
    ids.contains(articleID)
  }
}

/// A download that does nothing. Make it remember how often it was started.
final class DownloadSpy: ArticleDownload {
  func start() {}
}

/// A factory that hands out downloads and remembers nothing. Make it a spy: record what it was
/// asked for, and keep the downloads it handed out.
final class DownloadFactorySpy: ArticleDownloadMaking {
  func makeDownload(articleID: String, priority: Priority) -> any ArticleDownload {
    DownloadSpy()
  }
}

@Suite struct EditionDownloaderTests {
  let factory = DownloadFactorySpy()

  @Test func reportsHowManyDownloadsItStarted() {
    let downloader = EditionDownloader(downloads: factory, saved: SavedStub(ids: []))
    #expect(downloader.downloadEdition(["a-1", "a-2", "a-3"]) == 3)
  }
}
