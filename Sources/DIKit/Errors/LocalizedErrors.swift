#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Every way of printing a DIKit error reads the same: `print(error)`, string interpolation, and
// `error.localizedDescription`, which without these said only "The operation could not be
// completed. (DIKit.ResolutionError error 1.)".

extension ResolutionError: LocalizedError {
  /// The whole message, as ``description`` has it, for `localizedDescription`.
  ///
  /// ```swift
  /// catch { alert.message = error.localizedDescription }
  /// ```
  public var errorDescription: String? { description }
}

extension ValidationError: LocalizedError {
  /// The numbered list of problems, as ``description`` has it, for `localizedDescription`.
  ///
  /// ```swift
  /// catch { log.error(error.localizedDescription) }
  /// ```
  public var errorDescription: String? { description }
}
