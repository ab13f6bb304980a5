/// A photo of a receipt, waiting to be sent.
struct Receipt: Equatable, Sendable {
  let fileName: String
}

enum UploadError: Error, Equatable {
  /// The phone has no connection right now. Worth trying again later.
  case offline
  /// The server refused the file, with its reason. Trying again sends the same file, and
  /// gets the same answer.
  case rejected(String)
}

/// The expense service's upload endpoint. Returns the id the server gave the receipt.
protocol ReceiptAPI: Sendable {
  func send(_ receipt: Receipt) async throws -> String
}

/// The real endpoint. It posts the photo over HTTPS; exercises run offline, so it prints the
/// request it would have made and answers as if the phone had no signal.
struct LiveReceiptAPI: ReceiptAPI {
  func send(_ receipt: Receipt) async throws -> String {
    print("LIVE: POST https://expenses.example/v1/receipts (\(receipt.fileName))")
    throw UploadError.offline
  }
}

/// Sends receipt photos from a phone whose signal comes and goes.
struct ReceiptUploader {
  let api: any ReceiptAPI

  /// Sends `receipt` and returns the server's id for it. While the phone is offline, it tries
  /// again, up to 4 attempts in all, waiting longer each time: 1 second after the first
  /// failure, 2 after the second, 4 after the third; after the 4th it throws
  /// `UploadError.offline`. Any other error is thrown at once: trying again cannot fix it.
  /// Cancelling the task that runs the upload stops it at once, with `CancellationError`.
  func upload(_ receipt: Receipt) async throws -> String {
    var attempt = 1
    while true {
      do {
        return try await api.send(receipt)
      } catch {
        guard attempt < 4 else { throw error }
        attempt += 1
        try? await Task.sleep(for: .seconds(1))
      }
    }
  }
}
