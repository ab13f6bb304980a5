/// An open-addressing hash table from a service type to its unnamed registration.
///
/// Unnamed services without arguments are by far the most resolved, so they get a table whose
/// lookup is a multiply, a shift and usually one comparison; `Dictionary` would hash the key
/// with SipHash first, which costs more than the rest of a singleton hit.
@usableFromInline
struct TypeTable: Sendable {
  @usableFromInline let slots: [Slot]
  @usableFromInline let shift: UInt

  /// `@unchecked Sendable`: `registration` is always a `Registration`, which is `Sendable`;
  /// `AnyObject` only erases its service type.
  @usableFromInline
  struct Slot: @unchecked Sendable {
    @usableFromInline let type: ObjectIdentifier?
    /// Unretained: the registry keeps every registration alive in `all`.
    @usableFromInline let registration: Unmanaged<AnyObject>?
  }

  init(_ registrations: [any AnyRegistration]) {
    // A power of two at least twice the count keeps probe sequences short.
    var capacity = 4
    while capacity < registrations.count * 2 { capacity *= 2 }
    let shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
    var slots = [Slot](repeating: Slot(type: nil, registration: nil), count: capacity)
    for registration in registrations {
      let type = ObjectIdentifier(registration.key.service)
      var index = Self.home(of: type, shift: shift)
      // Keys are unique in a registry, so the first free slot is this one's.
      while slots[index].type != nil { index = (index + 1) & (capacity - 1) }
      slots[index] = Slot(type: type, registration: Unmanaged.passUnretained(registration))
    }
    self.slots = slots
    self.shift = shift
  }

  /// Fibonacci hashing: the top bits of the address times 2⁶⁴/φ.
  @inlinable
  static func home(of type: ObjectIdentifier, shift: UInt) -> Int {
    Int(truncatingIfNeeded: (UInt(bitPattern: type) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  @inlinable @inline(__always)
  func registration(for type: ObjectIdentifier) -> Unmanaged<AnyObject>? {
    slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var index = Self.home(of: type, shift: shift)
      while let occupant = slots[index].type {
        if occupant == type { return slots[index].registration }
        index = (index + 1) & mask
      }
      return nil
    }
  }
}
