/// One raffle ticket: its number, and who bought it.
struct Ticket: Equatable, Hashable {
  let number: Int
  let holder: String
}

/// The school fair's raffle: a list of sold tickets, and a draw.
///
/// The fair's rules say the draw must be open to checking: before the fair, the organisers seal
/// a seed in an envelope; the draw on stage runs on a generator made from it; afterwards anyone
/// can open the envelope and run the same draw again. And on a quiet evening the treasurer runs
/// practice draws from the system's generator, to see what a draw looks like.
struct Raffle {
  let tickets: [Ticket]

  /// Draws winners for `prizes` prizes, first prize first. Every ticket in the draw has the same
  /// chance, but a holder wins at most once, however many tickets they bought: once one of
  /// their tickets wins, the rest leave the draw. With fewer holders than prizes, every holder
  /// wins once. All the randomness comes from `generator`: the same generator state draws the
  /// same winners.
  func draw(prizes: Int, using generator: inout some RandomNumberGenerator) -> [Ticket] {
    // Tickets are Hashable: a Set makes removing a holder's tickets cheap.
    var pool = Set(tickets)
    var winners: [Ticket] = []
    while winners.count < prizes, let ticket = pool.randomElement(using: &generator) {
      winners.append(ticket)
      pool = pool.filter { $0.holder != ticket.holder }
    }
    return winners
  }
}
