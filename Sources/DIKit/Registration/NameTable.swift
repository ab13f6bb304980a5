/// An open-addressing hash table from a service type and an ASCII name to its registration.
///
/// Named lookups hash the name eight bytes at a time with a multiply-and-mix, several times
/// cheaper than `Dictionary`'s SipHash for the short names registrations have, and the table
/// keeps the cost flat however many names there are, and whichever name is looked up (see
/// `OpenAddressing`). A name with a non-ASCII character is not hashed here (its
/// bytes could differ from an equal string's, since Swift compares strings by canonical
/// equivalence); `Registry` keeps those in a `Dictionary`.
@usableFromInline
struct NameTable: Sendable {
  @usableFromInline let slots: [Slot]

  /// `@unchecked Sendable`: `registration` is always a `Registration`, which is `Sendable`;
  /// `AnyObject` only erases its service type.
  @usableFromInline
  struct Slot: @unchecked Sendable {
    @usableFromInline let hash: UInt
    @usableFromInline let type: ObjectIdentifier?
    @usableFromInline let name: String
    /// Unretained: the registry keeps every registration alive in `all`.
    @usableFromInline let registration: Unmanaged<AnyObject>?
  }

  init(_ registrations: [any AnyRegistration]) {
    let entries = registrations.compactMap { registration -> Slot? in
      let type = ObjectIdentifier(registration.key.service)
      guard let name = registration.key.name, let hash = Self.hash(name, type) else { return nil }
      return Slot(
        hash: hash, type: type, name: name, registration: Unmanaged.passUnretained(registration))
    }
    slots = OpenAddressing.place(
      entries, empty: Slot(hash: 0, type: nil, name: "", registration: nil),
      isEmpty: { $0.type == nil },
      home: { slot, capacity in Int(truncatingIfNeeded: slot.hash) & (capacity - 1) })
  }

  /// The name's bytes, eight at a time, mixed with the type; `nil` for a non-ASCII name.
  @inlinable
  static func hash(_ name: String, _ type: ObjectIdentifier) -> UInt? {
    let seed = UInt(bitPattern: type) &* 0x9E37_79B9_7F4A_7C15
    // Native strings, small or not, hand out their bytes in place; a bridged one is copied.
    return name.utf8.withContiguousStorageIfAvailable { hash(bytes: $0, seed: seed) }
      ?? Array(name.utf8).withUnsafeBufferPointer { hash(bytes: $0, seed: seed) }
  }

  @inlinable
  static func hash(bytes: UnsafeBufferPointer<UInt8>, seed: UInt) -> UInt? {
    let ascii: UInt64 = 0x8080_8080_8080_8080
    var hash = UInt64(truncatingIfNeeded: seed) ^ UInt64(bytes.count)
    var offset = 0
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      let count = bytes.count
      func mix(_ word: UInt64) -> Bool {
        hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return word & ascii == 0
      }
      var isASCII = true
      if count >= 8 {
        while offset + 8 < count {
          isASCII = mix(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) && isASCII
          offset += 8
        }
        // The last eight bytes, overlapping the previous word if need be.
        isASCII = mix(base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) && isASCII
      } else if count >= 4 {
        let low = UInt64(base.loadUnaligned(as: UInt32.self))
        let high = UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        isASCII = mix(low | high << 32)
      } else {
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << (8 * UInt64(index)) }
        isASCII = mix(word)
      }
      guard isASCII else { return nil }
    }
    // Murmur's finaliser, so that the low bits the table indexes by depend on every byte.
    hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    return UInt(truncatingIfNeeded: hash ^ (hash >> 33))
  }

  @inlinable @inline(__always)
  func registration(for type: ObjectIdentifier, name: String, hash: UInt) -> Unmanaged<AnyObject>? {
    slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var index = Int(truncatingIfNeeded: hash) & mask
      while let occupant = slots[index].type {
        if slots[index].hash == hash, occupant == type, slots[index].name == name {
          return slots[index].registration
        }
        index = (index + 1) & mask
      }
      return nil
    }
  }
}
