import Foundation

/// Numbers printed on tickets. Live: a random UUID per ticket.
struct TicketNumbers: DependencyKey {
  var next: @Sendable () -> UUID

  static let liveValue = TicketNumbers { UUID() }
  static let testValue = TicketNumbers(
    next: unimplemented("\\.ticketNumbers", placeholder: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))))
}

/// The time a ticket is sold. Live: the real clock. In previews, always 19:30 on one evening.
struct Now: DependencyKey {
  var date: @Sendable () -> Date

  static let liveValue = Now { Date() }
  static let testValue = Now(date: unimplemented("\\.now", placeholder: Date(timeIntervalSince1970: 0)))
  static let previewValue = Now { Date(timeIntervalSince1970: 1_700_076_600) }
}

extension DependencyValues {
  var ticketNumbers: TicketNumbers {
    get { self[TicketNumbers.self] }
    set { self[TicketNumbers.self] = newValue }
  }

  var now: Now {
    get { self[Now.self] }
    set { self[Now.self] = newValue }
  }
}

struct Ticket: Equatable, Sendable {
  let number: UUID
  let seat: String
  let soldAt: Date
}

/// Sells tickets at the box office. It reads its two dependencies through `@Dependency`.
final class BoxOffice {
  @Dependency(\.ticketNumbers) private var numbers
  @Dependency(\.now) private var now

  func sell(_ seat: String) -> Ticket {
    Ticket(number: numbers.next(), seat: seat, soldAt: now.date())
  }
}
