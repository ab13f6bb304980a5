import UIKit

protocol LoanListing {
  func loans() async throws -> [String]
}

final class LoansViewController: UIViewController {
  @IBOutlet private weak var tableView: UITableView!
  @IBOutlet private var emptyLabel: UILabel!

  private let listing: any LoanListing

  init(listing: any LoanListing) {
    self.listing = listing
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  func reload() async {
    var loaded: [String]!
    loaded = try? await listing.loans()
    emptyLabel.isHidden = !(loaded?.isEmpty ?? true)
  }
}
