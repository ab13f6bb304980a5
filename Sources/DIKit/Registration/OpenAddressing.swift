/// How `TypeTable` and `NameTable` place their entries: linear probing, with every entry at most
/// `maximumDisplacement` slots after its home, so that every lookup of a registered service
/// costs about the same (three more slots to look at cost a nanosecond or two).
///
/// With plain linear probing at half load, most entries sit at their home slot, but a few end
/// up behind a cluster, a dozen slots on; which ones depends on the hashes, and so (since a
/// type's address seeds them) on the run. A lookup of the same name could then cost half as
/// much again in one run as in the next. Here entries are placed the Robin Hood way (an entry
/// further from its home takes the slot of one nearer to its own), which evens out the
/// distances, and a table whose longest distance is still too long is built again twice as
/// large. The tables are immutable and built once per set of registrations, so that care costs
/// nothing when resolving.
enum OpenAddressing {
  /// How many slots past its home an entry may sit, unless the table would have to grow beyond
  /// `maximumGrowth` times the entries to achieve it (which only many entries with one hash
  /// could force). In practice a table ends up four to eight times its entries: 1000 names take
  /// 200 to 400 KB.
  static let maximumDisplacement = 3
  static let maximumGrowth = 64

  /// The slots: a power of two at least twice `count`, grown while an entry sits too far from
  /// its home. `home(entry, capacity)` is where an entry belongs in a table of that capacity.
  static func place<Slot>(
    _ entries: [Slot], empty: Slot, isEmpty: (Slot) -> Bool, home: (Slot, Int) -> Int
  ) -> [Slot] {
    var capacity = 4
    while capacity < entries.count * 2 { capacity *= 2 }
    while true {
      let (slots, longest) = place(
        entries, capacity: capacity, empty: empty, isEmpty: isEmpty, home: home)
      if longest <= maximumDisplacement || capacity >= max(entries.count, 4) * maximumGrowth {
        return slots
      }
      capacity *= 2
    }
  }

  private static func place<Slot>(
    _ entries: [Slot], capacity: Int, empty: Slot, isEmpty: (Slot) -> Bool,
    home: (Slot, Int) -> Int
  ) -> (slots: [Slot], longest: Int) {
    let mask = capacity - 1
    var slots = [Slot](repeating: empty, count: capacity)
    func distance(_ slot: Slot, at index: Int) -> Int { (index - home(slot, capacity)) & mask }
    for entry in entries {
      var entry = entry
      var index = home(entry, capacity)
      var travelled = 0
      // Keys are unique, so the entry (or one it displaced) ends in the first free slot.
      while !isEmpty(slots[index]) {
        let theirs = distance(slots[index], at: index)
        if theirs < travelled {
          swap(&entry, &slots[index])
          travelled = theirs
        }
        index = (index + 1) & mask
        travelled += 1
      }
      slots[index] = entry
    }
    let longest =
      slots.indices.map { isEmpty(slots[$0]) ? 0 : distance(slots[$0], at: $0) }.max() ?? 0
    return (slots, longest)
  }
}
