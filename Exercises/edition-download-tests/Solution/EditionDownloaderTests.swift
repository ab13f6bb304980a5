import Editions
import Testing

/// A stub: the articles a test says are already on the device.
struct SavedStub: SavedArticles {
  let ids: Set<String>

  func contains(_ articleID: String) -> Bool {
    ids.contains(articleID)
  }
}

/// A download that remembers how often it was started.
final class DownloadSpy: ArticleDownload {
  private(set) var starts = 0

  func start() {
    starts += 1
  }
}

/// A factory spy: it records every request and keeps each download it handed out.
final class DownloadFactorySpy: ArticleDownloadMaking {
  struct Request: Equatable {
    let articleID: String
    let priority: Priority
  }

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

  func downloader(saved: Set<String> = []) -> EditionDownloader {
    EditionDownloader(downloads: factory, saved: SavedStub(ids: saved))
  }

  @Test func reportsHowManyDownloadsItStarted() {
    let started = downloader(saved: ["a-2"]).downloadEdition(["a-1", "a-2", "a-3"])
    #expect(started == 2, "a-2 is saved, so two downloads start; it reported \(started)")
  }

  @Test func asksForEachUnsavedArticleWithTheLeadAtHighPriority() {
    downloader(saved: ["a-2"]).downloadEdition(["a-1", "a-2", "a-3"])
    #expect(
      factory.requests == [
        .init(articleID: "a-1", priority: .high),
        .init(articleID: "a-3", priority: .normal),
      ],
      "the saved a-2 is skipped, and only the lead, a-1, is urgent")
  }

  @Test func aSavedLeadLeavesNothingAtHighPriority() {
    downloader(saved: ["a-1"]).downloadEdition(["a-1", "a-2", "a-3"])
    #expect(
      factory.requests == [
        .init(articleID: "a-2", priority: .normal),
        .init(articleID: "a-3", priority: .normal),
      ],
      "the lead, a-1, is saved, so nothing is urgent")
  }

  @Test func startsEveryDownloadItWasHandedExactlyOnce() {
    downloader().downloadEdition(["a-1", "a-2", "a-3"])
    #expect(factory.handedOut.count == 3, "one download per article")
    #expect(
      factory.handedOut.map(\.starts) == [1, 1, 1],
      "each download handed out is started once")
  }
}
