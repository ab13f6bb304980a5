/// What the headlines feed needs from an article screen.
protocol ArticleShowing: AnyObject {
  var articleID: String { get }
  func appear()
}

/// The newsroom's articles. The live one talks to the newsroom's servers.
protocol NewsAPI {
  func headline(of articleID: String) -> String
}

/// Records what readers do. The live one reports to the analytics service.
protocol Analytics {
  func track(_ event: String)
}

/// The real article screen: it fetches its article when it appears, and records the read.
final class ArticleScreen: ArticleShowing {
  let articleID: String
  private let api: any NewsAPI
  private let analytics: any Analytics
  private(set) var title = ""

  init(articleID: String, api: any NewsAPI, analytics: any Analytics) {
    self.articleID = articleID
    self.api = api
    self.analytics = analytics
  }

  func appear() {
    title = api.headline(of: articleID)
    analytics.track("article_opened \(articleID)")
  }
}

/// The live API, for the app. Exercises run offline, so it only says what it would have done.
struct LiveNewsAPI: NewsAPI {
  func headline(of articleID: String) -> String {
    "(LiveNewsAPI would have fetched \(articleID) from news.example; a test must not)"
  }
}

/// The live analytics, for the app. Offline, it drops every event.
struct LiveAnalytics: Analytics {
  func track(_ event: String) {}
}

/// The list of headlines. Tapping a row opens that article on top of the stack.
final class HeadlinesScreen {
  private let articleIDs: [String]
  private let makeArticleScreen: (String) -> any ArticleShowing
  private(set) var stack: [any ArticleShowing] = []

  init(articleIDs: [String], makeArticleScreen: @escaping (String) -> any ArticleShowing) {
    self.articleIDs = articleIDs
    self.makeArticleScreen = makeArticleScreen
  }

  func tapRow(_ row: Int) {
    let screen = makeArticleScreen(articleIDs[row])
    screen.appear()
    stack.append(screen)
  }
}

/// The composition root of the headlines feature: the one place that chooses the API and the
/// analytics service.
struct NewsroomRoot {
  let api: any NewsAPI
  let analytics: any Analytics

  func makeHeadlinesScreen(articleIDs: [String]) -> HeadlinesScreen {
    HeadlinesScreen(articleIDs: articleIDs) { [api, analytics] id in
      ArticleScreen(articleID: id, api: api, analytics: analytics)
    }
  }
}
