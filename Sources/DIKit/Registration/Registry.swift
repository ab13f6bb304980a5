/// An immutable snapshot of one container's registrations, read without locks.
///
/// A container builds one on first use and publishes it through an atomic pointer; registering
/// later drops the snapshot, and the next resolution builds a new one. Old snapshots stay alive
/// until the container goes, so a resolution that is still reading one is never left with a
/// dangling pointer.
@usableFromInline
final class Registry: Sendable {
  /// Unnamed registrations without runtime arguments, by service type.
  @usableFromInline let unnamed: TypeTable
  /// Named registrations and those with runtime arguments.
  @usableFromInline let keyed: [ServiceKey: any AnyRegistration]
  /// The current registration for each key, in the order they were first registered.
  let all: [any AnyRegistration]

  init(_ registrations: [any AnyRegistration]) {
    all = registrations
    unnamed = TypeTable(registrations.filter { $0.key.name == nil && !$0.key.hasArguments })
    var keyed: [ServiceKey: any AnyRegistration] = [:]
    for registration in registrations where registration.key.name != nil || registration.key.hasArguments {
      keyed[registration.key] = registration
    }
    self.keyed = keyed
  }

  @inlinable
  func registration(for service: Any.Type, name: String?) -> (any AnyRegistration)? {
    guard let name else { return unnamed.registration(for: ObjectIdentifier(service)) }
    return keyed[ServiceKey(service: service, name: name)]
  }

  func registration(for key: ServiceKey) -> (any AnyRegistration)? {
    key.name == nil && !key.hasArguments
      ? unnamed.registration(for: ObjectIdentifier(key.service)) : keyed[key]
  }
}
