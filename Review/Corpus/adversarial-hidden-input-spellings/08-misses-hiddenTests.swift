struct StubListing: LoanListing { func loans() async throws -> [Loan] { [] } }
final class PreviewLoans: LoansModeling { var overdue: [Loan] { [] } }
