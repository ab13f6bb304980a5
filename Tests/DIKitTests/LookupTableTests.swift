@testable import DIKit
import Testing

/// How far the farthest entry of a named table sits from its home slot.
private func longestDisplacement(_ table: NameTable) -> Int {
  let mask = table.slots.count - 1
  return table.slots.indices.compactMap { index -> Int? in
    let slot = table.slots[index]
    guard slot.type != nil else { return nil }
    return (index - (Int(truncatingIfNeeded: slot.hash) & mask)) & mask
  }.max() ?? 0
}

private func namedTable<Service: Sendable>(
  _: Service.Type, count: Int, value: Service
) -> NameTable {
  let container = Container()
  for number in 0..<count {
    container.register(Service.self, name: "handler-\(number)") { _ in value }
  }
  return container.registry()._withUnsafeGuaranteedRef(\.named)
}

private func table<Service: Sendable & BinaryInteger>(of type: Service.Type) -> NameTable {
  namedTable(Service.self, count: 1000, value: 1)
}

@Suite("Lookup tables")
struct LookupTableTests {
  @Test(arguments: [10, 100, 1000])
  func everyNameIsFoundWithinThreeSlotsOfItsHome(count: Int) {
    // With plain linear probing some names sat a dozen slots on, behind a cluster; which ones
    // depended on the type's address, so a named lookup's cost changed from run to run. The
    // types seed the hashes differently, so each is a different placement.
    #expect(longestDisplacement(namedTable(Int.self, count: count, value: 1)) <= 3)
    #expect(longestDisplacement(namedTable(String.self, count: count, value: "")) <= 3)
    #expect(longestDisplacement(namedTable(Double.self, count: count, value: 1)) <= 3)
    #expect(longestDisplacement(namedTable(Settings.self, count: count, value: Settings())) <= 3)
  }

  @Test func aTableStaysWithinSixteenTimesItsEntries() {
    let types: [any (Sendable & BinaryInteger).Type] = [Int.self, Int8.self, Int16.self, Int32.self]
    for type in types {
      #expect(table(of: type).slots.count <= 16 * 1024)
    }
  }
}
