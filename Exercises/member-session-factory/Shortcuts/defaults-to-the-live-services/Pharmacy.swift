// The pharmacy app's types. You do not need to change this file.
import Foundation

struct Member: Equatable {
  let id: String
  let name: String
}

/// The pharmacy's back office.
protocol PharmacyAPI {
  func requestRefill(_ prescription: String, forMember memberID: String)
}

/// Tells the time. The app's is the system clock; a test's stands still until it is moved.
protocol Clock {
  var now: Date { get }
}

/// What a member is about to buy. Prescription items must be confirmed again at every login,
/// so each session starts with an empty basket of its own.
final class Basket {
  let ownerID: String
  private(set) var items: [String] = []

  init(ownerID: String) {
    self.ownerID = ownerID
  }

  func add(_ item: String) {
    items.append(item)
  }
}

/// Asks the back office to refill a member's prescriptions.
struct Refills {
  let memberID: String
  let api: any PharmacyAPI

  func request(_ prescription: String) {
    api.requestRefill(prescription, forMember: memberID)
  }
}

/// Everything that belongs to one logged-in member, from login to logout.
struct MemberSession {
  let member: Member
  let basket: Basket
  let refills: Refills
  /// When the member logged in. The session expires 30 minutes later.
  let startedAt: Date

  var expiresAt: Date { startedAt.addingTimeInterval(30 * 60) }
}

/// The live back office, for the app. Exercises run offline, so it drops every request.
struct LivePharmacyAPI: PharmacyAPI {
  func requestRefill(_ prescription: String, forMember memberID: String) {}
}

/// The live clock, for the app.
struct SystemClock: Clock {
  var now: Date { Date() }
}
