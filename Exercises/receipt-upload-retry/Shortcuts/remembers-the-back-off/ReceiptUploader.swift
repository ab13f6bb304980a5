/// A photo of a receipt, waiting to be sent.
struct Receipt: Equatable, Sendable {
  let fileName: String
}

enum UploadError: Error, Equatable {
  case offline
  case rejected(String)
}

protocol ReceiptAPI: Sendable {
  func send(_ receipt: Receipt) async throws -> String
}

struct LiveReceiptAPI: ReceiptAPI {
  func send(_ receipt: Receipt) async throws -> String {
    print("LIVE: POST https://expenses.example/v1/receipts (\(receipt.fileName))")
    throw UploadError.offline
  }
}

/// The current back-off, kept between uploads.
final class Backoff: @unchecked Sendable {
  var delay = Duration.seconds(1)
}

struct ReceiptUploader {
  let api: any ReceiptAPI
  let clock: any Clock<Duration>
  private let backoff = Backoff()

  init(api: any ReceiptAPI, clock: any Clock<Duration>) {
    self.api = api
    self.clock = clock
  }

  func upload(_ receipt: Receipt) async throws -> String {
    var attempt = 1
    while true {
      do {
        let id = try await api.send(receipt)
        backoff.delay = .seconds(1)
        return id
      } catch UploadError.offline {
        guard attempt < 4 else { throw UploadError.offline }
        attempt += 1
        try await clock.sleep(for: backoff.delay)
        backoff.delay *= 2
      }
    }
  }
}
