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
    // Placed so that every type is found within a few slots of its home (see
    // `OpenAddressing`).
    let entries = registrations.map { registration in
      Slot(
        type: ObjectIdentifier(registration.key.service),
        registration: Unmanaged.passUnretained(registration))
    }
    slots = OpenAddressing.place(
      entries, empty: Slot(type: nil, registration: nil), isEmpty: { $0.type == nil },
      home: { slot, capacity in Self.home(of: slot.type!, shift: Self.shift(for: capacity)) })
    shift = Self.shift(for: slots.count)
  }

  /// How far `home` shifts the product: a table of 2ⁿ slots keeps its top n bits.
  static func shift(for capacity: Int) -> UInt {
    UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
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
