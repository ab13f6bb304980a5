import Testing
@testable import App
struct StubListing: LoanListing { func loans() async throws -> [String] { ["Dune"] } }
