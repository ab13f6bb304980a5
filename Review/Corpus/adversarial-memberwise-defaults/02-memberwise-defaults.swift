import Foundation

/// A loan as the app stores it. The memberwise init is `Loan(id:title:borrowedAt:)`, with the
/// id and the date defaulted: a test passes its own.
struct Loan: Identifiable, Equatable {
  var id = UUID()
  var title: String
  var borrowedAt = Date()
}

struct Bookmark: Identifiable, Hashable {
  let id = UUID()
  let page: Int
}
