/// Where a parcel is, as the courier reports it.
struct ParcelStatus: Equatable, Sendable {
  let summary: String
  let eta: String?
}

/// The real service. It asks the courier's servers over HTTPS; exercises run offline, so it
/// prints the request it would have made and answers that the parcel is on its way.
struct CourierAPI: ParcelService {
  func status(of trackingNumber: String) async throws -> ParcelStatus {
    print("LIVE: GET https://courier.example/v1/parcels/\(trackingNumber)")
    return ParcelStatus(summary: "In transit", eta: nil)
  }
}

/// What the tracking screen shows.
enum TrackingState: Equatable {
  case idle
  /// Waiting for the courier's answer about this tracking number.
  case loading(String)
  case showing(String, ParcelStatus)
  /// The message for the user.
  case failed(String)
}


/// The courier's tracking service.
protocol ParcelService: Sendable {
  func status(of trackingNumber: String) async throws -> ParcelStatus
}

@MainActor
final class TrackingModel {
  private(set) var state = TrackingState.idle
  private let service: any ParcelService
  private var started = 0
  private var applied = 0
  init(service: any ParcelService) { self.service = service }
  func track(_ trackingNumber: String) async {
    started += 1
    let mine = started
    state = .loading(trackingNumber)
    do {
      let status = try await service.status(of: trackingNumber)
      guard mine > applied else { return }
      applied = mine
      state = .showing(trackingNumber, status)
    } catch {
      guard mine > applied else { return }
      applied = mine
      state = .failed("Could not track \(trackingNumber). Try again.")
    }
  }
}
