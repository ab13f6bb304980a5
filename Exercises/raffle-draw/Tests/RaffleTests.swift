import Foundation
import Testing

@testable import RaffleDraw

/// The test's generator: SplitMix64 from a seed, so one seed gives the same numbers on every run
/// and every machine, like the seed in the fair's envelope. It counts the numbers it hands out.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  private(set) var handedOut = 0

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    handedOut += 1
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Forty tickets, each bought by someone else.
let fullFair = Raffle(tickets: (1...40).map { Ticket(number: $0, holder: "holder \($0)") })

/// Draws from `raffle` with `generator`: the one call to the API the tests expect.
func draw(_ raffle: Raffle, prizes: Int, using generator: inout SeededGenerator) -> [Ticket] {
  raffle.draw(prizes: prizes, using: &generator)
}

/// Draws from `raffle` with a generator made from `seed`.
func draw(_ raffle: Raffle, prizes: Int, seed: UInt64) -> [Ticket] {
  var generator = SeededGenerator(seed: seed)
  return draw(raffle, prizes: prizes, using: &generator)
}

/// A fingerprint of the winners that `seeds` draw from `raffle`, from 1 to 250: small enough for a
/// child process to hand back as its exit code.
func fingerprint(of raffle: Raffle, seeds: ClosedRange<UInt64>) -> Int32 {
  var value = 0
  for seed in seeds {
    for ticket in draw(raffle, prizes: 5, seed: seed) {
      value = (value * 31 + ticket.number) % 250
    }
  }
  return Int32(value + 1)
}

/// What `raffle.draw(prizes:)`, with no generator, resolves to in the tests. With
/// draw(prizes:using:) as the only draw, a call without a generator can only mean this.
enum DrawnWithoutAGenerator {
  case resolvedToTheTestsOverload
}

extension Raffle {
  func draw(
    prizes: Int, generatorMustBeGiven: DrawnWithoutAGenerator = .resolvedToTheTestsOverload
  ) -> DrawnWithoutAGenerator {
    generatorMustBeGiven
  }
}

// MARK: - Step 1

@Suite("Step 1: the draw uses the generator it is given") struct Step1 {
  @Test func takesItsRandomnessFromTheGivenGenerator() {
    var generator = SeededGenerator(seed: 7)
    let winners = draw(fullFair, prizes: 3, using: &generator)
    #expect(
      generator.handedOut > 0,
      "draw(prizes:using:) drew \(winners.count) winners without asking the generator it was given for a single number. Is another generator still made inside draw? The one passed with `using:` must be the only source of chance.")
  }

  @Test func theSameSeedDrawsTheSameWinners() {
    let onStage = draw(fullFair, prizes: 10, seed: 2_024)
    let checked = draw(fullFair, prizes: 10, seed: 2_024)
    #expect(
      onStage == checked,
      "Two draws from generators with the same seed picked different winners: \(onStage.map(\.number)) and \(checked.map(\.number)). Then nobody can check the draw on stage by running it again. Take every random pick from the `using:` generator.")
  }

  @Test func differentSeedsDrawDifferentWinners() {
    let draws = Set((1...5).map { draw(fullFair, prizes: 3, seed: $0) })
    #expect(
      draws.count > 1,
      "Five different seeds drew the very same winners, \(draws.first.map { $0.map(\.number) } ?? []). The draw ignores the generator it was given and follows one of its own.")
  }

  /// The envelope is opened after the fair, in another run of the program: a child process. Two
  /// fingerprints, so a draw that changes from run to run cannot match both by chance.
  @Test func aReplayInAnotherRunDrawsTheSameWinners() async {
    let message: Comment = "Run again in a new process, as whoever opens the envelope after the fair would, the same seeds drew different winners. So the draw depends on something besides the generator that changes from one run to the next: the order of a Set or a Dictionary, for instance (Swift seeds its hashing anew in every process). Keep the pool in an Array, and take every pick from the `using:` generator."
    await #expect(processExitsWith: .exitCode(fingerprint(of: fullFair, seeds: 1...8)), message) {
      exit(fingerprint(of: fullFair, seeds: 1...8))
    }
    await #expect(processExitsWith: .exitCode(fingerprint(of: fullFair, seeds: 9...16)), message) {
      exit(fingerprint(of: fullFair, seeds: 9...16))
    }
  }

  @Test func everyDrawIsGivenItsGenerator() {
    let outcome = fullFair.draw(prizes: 3)
    #expect(
      "\(type(of: outcome))" == "DrawnWithoutAGenerator",
      "Raffle can still draw without being given a generator: raffle.draw(prizes: 3) returned \(type(of: outcome)). A draw(prizes:) that makes its own SystemRandomNumberGenerator is the hidden generator again, one call away from the stage. Keep only draw(prizes:using:); the treasurer's practice draws pass `&generator` made from SystemRandomNumberGenerator(), like everyone else.")
  }
}

// MARK: - Step 2

@Suite("Step 2: the rules hold, whatever the seed") struct Step2 {
  /// Ada bought eight tickets; Bo and Cy one each.
  let keenAda = Raffle(
    tickets: (1...8).map { Ticket(number: $0, holder: "Ada") } + [
      Ticket(number: 9, holder: "Bo"), Ticket(number: 10, holder: "Cy"),
    ])

  @Test func aHolderWinsAtMostOnce() {
    let wrong = (UInt64(1)...200).lazy
      .map { seed in (seed: seed, holders: draw(keenAda, prizes: 3, seed: seed).map(\.holder)) }
      .first { $0.holders.sorted() != ["Ada", "Bo", "Cy"] }
    #expect(
      wrong == nil,
      "With seed \(wrong?.seed ?? 0), three prizes went to \(wrong?.holders ?? []). Ada bought eight tickets but may win only once: after one of her tickets wins, her others leave the draw.")
  }

  @Test func fewerHoldersThanPrizes() {
    let winners = draw(keenAda, prizes: 5, seed: 3)
    #expect(
      winners.count == 3,
      "Three people hold tickets, so five prizes make three winners, one each; the draw made \(winners.count): \(winners.map(\.holder)).")
  }

  @Test func everyTicketCanWin() {
    let raffle = Raffle(tickets: (1...5).map { Ticket(number: $0, holder: "holder \($0)") })
    let firstPrizes = Set((UInt64(1)...300).compactMap { draw(raffle, prizes: 1, seed: $0).first?.number })
    #expect(
      firstPrizes == [1, 2, 3, 4, 5],
      "Over 300 seeds, only tickets \(firstPrizes.sorted()) of 1 to 5 ever won first prize. Every ticket in the draw should have a chance.")
  }

  @Test func moreTicketsMeanMoreChances() {
    let adaWins = (UInt64(1)...300).filter { draw(keenAda, prizes: 1, seed: $0).first?.holder == "Ada" }.count
    #expect(
      (200...280).contains(adaWins),
      "Ada holds 8 of the 10 tickets, so she should win first prize about 8 times in 10: some 240 times over 300 seeds. She won \(adaWins) times. Every ticket has the same chance, so a holder's chance grows with their tickets: pick a ticket from the pool, not a holder from the list of holders.")
  }
}
