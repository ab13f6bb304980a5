import Foundation

protocol Payments { func charge(_ cents: Int) async throws }

final class Checkout {
  func pay(_ cents: Int) async throws {
    let payments = Container  // review: service-locator
      .shared // the app's one container
      .resolve(Payments.self)
    try await payments.charge(cents)
  }

  func receipt(for id: Int) async throws -> Data {
    try await URLSession  // review: global-singleton
      .shared
      .data(from: URL(string: "https://shop.example/receipts/\(id)")!)
      .0
  }

  func stamp() -> String {
    let make = {
      Date  // review: hidden-input
        .now
    }
    return "\(make())"
  }
}
