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
  /// Named registrations without runtime arguments whose names are ASCII.
  @usableFromInline let named: NameTable
  /// Every registration that is named or takes runtime arguments.
  @usableFromInline let keyed: [ServiceKey: any AnyRegistration]
  /// The current registration for each key, in the order they were first registered.
  let all: [any AnyRegistration]

  init(_ registrations: [any AnyRegistration]) {
    all = registrations
    unnamed = TypeTable(registrations.filter { $0.key.name == nil && !$0.key.hasArguments })
    named = NameTable(registrations.filter { $0.key.name != nil && !$0.key.hasArguments })
    var keyed: [ServiceKey: any AnyRegistration] = [:]
    for registration in registrations where registration.key.name != nil || registration.key.hasArguments {
      keyed[registration.key] = registration
    }
    self.keyed = keyed
  }

  /// The registration for a service without arguments, unretained: the hot path of every
  /// resolution, so it costs no reference counting.
  @inlinable @inline(__always)
  func lookup(_ service: Any.Type, name: String?) -> Unmanaged<AnyObject>? {
    let type = ObjectIdentifier(service)
    guard let name else { return unnamed.registration(for: type) }
    guard let hash = NameTable.hash(name, type) else { return keyedLookup(service, name: name) }
    return named.registration(for: type, name: name, hash: hash)
  }

  @usableFromInline
  func keyedLookup(_ service: Any.Type, name: String) -> Unmanaged<AnyObject>? {
    keyed[ServiceKey(service: service, name: name)].map { Unmanaged.passUnretained($0) }
  }

  func registration(for key: ServiceKey) -> (any AnyRegistration)? {
    guard key.name == nil, !key.hasArguments else { return keyed[key] }
    return unnamed.registration(for: ObjectIdentifier(key.service))
      .map { $0.takeUnretainedValue() as! any AnyRegistration }
  }
}
