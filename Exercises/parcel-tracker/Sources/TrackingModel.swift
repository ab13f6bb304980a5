/// Where a parcel is, as the courier reports it.
struct ParcelStatus: Equatable, Sendable {
  let summary: String
  let eta: String?
}

/// The courier's tracking service.
protocol ParcelService {
  func status(of trackingNumber: String) async throws -> ParcelStatus
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

/// The logic of the app's tracking screen. The user types a tracking number, or taps Refresh,
/// and the screen shows what the courier says about it.
@MainActor
final class TrackingModel {
  private(set) var state = TrackingState.idle
  private let service = CourierAPI()

  /// Asks the courier about `trackingNumber`, showing `.loading` while it waits. Users type
  /// fast and tap Refresh: when a newer request has started meanwhile, an older one's answer
  /// (or error) is dropped, so the screen always ends on the newest request.
  func track(_ trackingNumber: String) async {
    state = .loading(trackingNumber)
    do {
      let status = try await service.status(of: trackingNumber)
      state = .showing(trackingNumber, status)
    } catch {
      state = .failed("Could not track \(trackingNumber). Try again.")
    }
  }
}
