import Editions
import Testing

/// A stub: the articles a test says are already on the device.
struct SavedStub: SavedArticles {
  let ids: Set<String>

  func contains(_ articleID: String) -> Bool {
    ids.contains(articleID)
  }
}

/// One request to the factory.
struct Request: Hashable {
  let articleID: String
  let priority: Priority
}

/// A download that counts its starts.
final class DownloadSpy: ArticleDownload {
  private(set) var starts = 0
  func start() { starts += 1 }
}

/// Records every request and keeps every download it hands out.
final class DownloadFactorySpy: ArticleDownloadMaking {
  private(set) var requests: [Request] = []
  private(set) var handedOut: [DownloadSpy] = []

  func makeDownload(articleID: String, priority: Priority) -> any ArticleDownload {
    requests.append(Request(articleID: articleID, priority: priority))
    let download = DownloadSpy()
    handedOut.append(download)
    return download
  }
}

@Suite struct EditionDownloaderTests {
  let factory = DownloadFactorySpy()

  @Test func skipsASavedArticleInTheMiddle() {
    let downloader = EditionDownloader(downloads: factory, saved: SavedStub(ids: ["a-2"]))
    #expect(downloader.downloadEdition(["a-1", "a-2", "a-3"]) == 2)
    #expect(Set(factory.requests) == [
      Request(articleID: "a-1", priority: .high),
      Request(articleID: "a-3", priority: .normal),
    ])
  }

  @Test func nothingIsHighWhenTheLeadIsSaved() {
    let downloader = EditionDownloader(downloads: factory, saved: SavedStub(ids: ["a-1"]))
    #expect(downloader.downloadEdition(["a-1", "a-2", "a-3"]) == 2)
    #expect(Set(factory.requests) == [
      Request(articleID: "a-2", priority: .normal),
      Request(articleID: "a-3", priority: .normal),
    ])
  }

  @Test func startsEveryDownloadItIsHandedOnce() {
    let downloader = EditionDownloader(downloads: factory, saved: SavedStub(ids: []))
    #expect(downloader.downloadEdition(["a-1", "a-2", "a-3"]) == 3)
    #expect(Set(factory.requests) == [
      Request(articleID: "a-1", priority: .high),
      Request(articleID: "a-2", priority: .normal),
      Request(articleID: "a-3", priority: .normal),
    ])
    #expect(factory.handedOut.count == 3)
    for download in factory.handedOut { #expect(download.starts == 1) }
  }
}
