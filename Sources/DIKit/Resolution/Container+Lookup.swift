import Synchronization

/// Finding registrations without a lock: in the published snapshot of this container, then in
/// its parents'.
extension Container {
  /// The registration for an unnamed or named service without arguments, here or in a parent,
  /// unretained (the registries keep it alive as long as the container).
  @inlinable @inline(__always)
  func lookup(_ service: Any.Type, name: String?) -> Unmanaged<AnyObject>? {
    if let found = registry()._withUnsafeGuaranteedRef({ $0.lookup(service, name: name) }) {
      return found
    }
    guard let parent else { return nil }
    return parent.lookupInAncestors(service, name: name)
  }

  @usableFromInline
  func lookupInAncestors(_ service: Any.Type, name: String?) -> Unmanaged<AnyObject>? {
    var ancestor: Container? = self
    while let container = ancestor {
      if let found = container.registry()._withUnsafeGuaranteedRef({ $0.lookup(service, name: name) }) {
        return found
      }
      ancestor = container.parent
    }
    return nil
  }

  /// The registration for any key, here or in a parent.
  func registration(for key: ServiceKey) -> (any AnyRegistration)? {
    var container: Container? = self
    while let current = container {
      if let found = current.registry()._withUnsafeGuaranteedRef({ $0.registration(for: key) }) {
        return found
      }
      container = current.parent
    }
    return nil
  }

  /// The published snapshot, built first if a registration dropped it.
  @inlinable @inline(__always)
  func registry() -> Unmanaged<Registry> {
    published.load(ordering: .acquiring) ?? publishRegistry()
  }

  /// The published snapshots of this container and its ancestors, innermost first.
  func currentRegistries() -> [Unmanaged<Registry>] {
    var registries: [Unmanaged<Registry>] = []
    var container: Container? = self
    while let current = container {
      registries.append(current.registry())
      container = current.parent
    }
    return registries
  }

  /// Every registration this container sees: its own, then its parents' that it does not
  /// override.
  func visibleRegistrations() -> [any AnyRegistration] {
    var seen = Set<ServiceKey>()
    var visible: [any AnyRegistration] = []
    var container: Container? = self
    while let current = container {
      for registration in current.registry()._withUnsafeGuaranteedRef(\.all)
      where seen.insert(registration.key).inserted {
        visible.append(registration)
      }
      container = current.parent
    }
    return visible
  }
}
