import Foundation

protocol Gateway {}
protocol Fraud {}
protocol Stock {}
protocol Courier {}
protocol Mail {}
protocol Metrics {}

struct Gateways: Gateway, Fraud, Stock, Courier, Mail, Metrics {}

final class OrderService {
  init(  // review: too-many-dependencies
    gateway: any Gateway, fraud: any Fraud, stock: any Stock, courier: any Courier, mail: any Mail,
    metrics: any Metrics, now: @escaping () -> Date
  ) {}
}

/// Values are data, not dependencies: six of them and four services is fine.
struct Invoice {
  init(number: String, customer: String, cents: Int, issued: Date, lines: [String], notes: String?, tax: any Gateway, mail: any Mail) {}
}
