import UIKit

/// Tells the coordinator what the user picked.
protocol LoanPickerDelegate: AnyObject {
  func picker(_ picker: LoanPicker, didPick title: String)
}

final class LoanPicker {
  weak var delegate: (any LoanPickerDelegate)?
  func pick(_ title: String) { delegate?.picker(self, didPick: title) }
}

final class LoansCoordinator: LoanPickerDelegate {
  func picker(_ picker: LoanPicker, didPick title: String) {}
}
