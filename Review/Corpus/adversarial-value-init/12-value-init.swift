import Foundation
import CoreGraphics

struct Money: Hashable { var cents: Int; var currency: String }
enum LoanStatus { case active, returned, lost }
struct Member: Identifiable { let id: UUID; let name: String }

/// A value: every parameter is data a caller already has, none of them a service.
struct LoanRecord: Identifiable {
  let id: UUID
  let title: String
  let status: LoanStatus
  let fee: Money
  let member: Member.ID
  let tags: Set<String>
  let coverSize: CGSize
  let rating: Int8
  let returnedAt: Date!

  init(id: UUID, title: String, status: LoanStatus, fee: Money, member: Member.ID, tags: Set<String>,
       coverSize: CGSize, rating: Int8, returnedAt: Date!) {
    self.id = id; self.title = title; self.status = status; self.fee = fee; self.member = member
    self.tags = tags; self.coverSize = coverSize; self.rating = rating; self.returnedAt = returnedAt
  }
}
