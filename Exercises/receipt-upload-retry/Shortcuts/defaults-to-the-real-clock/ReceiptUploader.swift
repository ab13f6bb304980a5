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

struct ReceiptUploader {
  let api: any ReceiptAPI
  let clock: any Clock<Duration>

  init(api: any ReceiptAPI, clock: any Clock<Duration> = ContinuousClock()) {
    self.api = api
    self.clock = clock
  }

  func upload(_ receipt: Receipt) async throws -> String {
    var attempt = 1
    var delay = Duration.seconds(1)
    while true {
      do {
        return try await api.send(receipt)
      } catch UploadError.offline {
        guard attempt < 4 else { throw UploadError.offline }
        attempt += 1
        try await clock.sleep(for: delay)
        delay *= 2
      }
    }
  }
}
