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

/// Sends receipt photos from a phone whose signal comes and goes. The app builds it with
/// `ContinuousClock()`; tests hand in a clock they move by hand.
struct ReceiptUploader {
  let api: any ReceiptAPI
  let clock: any Clock<Duration>

  /// Sends `receipt` and returns the server's id for it. While the phone is offline, it tries
  /// again, up to 4 attempts in all, waiting longer each time: 1 second after the first
  /// failure, 2 after the second, 4 after the third; after the 4th it throws
  /// `UploadError.offline`. Any other error is thrown at once: trying again cannot fix it.
  /// Cancelling the task that runs the upload stops it at once, with `CancellationError`.
  func upload(_ receipt: Receipt) async throws -> String {
    var delay = Duration.seconds(1)
    for _ in 1..<4 {
      do {
        return try await api.send(receipt)
      } catch UploadError.offline {
        try await clock.sleep(for: delay)
        // A little jitter, so that phones that lost the signal together do not all retry at once.
        try await Task.sleep(for: .milliseconds(Int.random(in: 1...50)))
        delay *= 2
      }
    }
    return try await api.send(receipt)
  }
}
