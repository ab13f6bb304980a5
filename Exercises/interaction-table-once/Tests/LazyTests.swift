import Testing

@testable import InteractionTableOnce

@Suite("Step 1: nothing is built until someone asks") struct Step1 {
  @Test func creatingTheLazyBuildsNothing() {
    let builder = TableBuilder()
    _ = Lazy { builder.build() }
    #expect(
      builder.count == 0,
      "Creating a Lazy built the table \(builder.count) time(s) before anyone read `value`. init should only keep `make`; the first read of `value` calls it.")
  }
}

@Suite("Step 2: the first read builds, later reads reuse") struct Step2 {
  @Test func threeReadsBuildOnce() {
    let builder = TableBuilder()
    let table = Lazy { builder.build() }
    let reads = [table.value, table.value, table.value]
    #expect(
      builder.count == 1,
      "Three reads of `value` built the table \(builder.count) times. A Lazy builds on the first read and keeps what it built: store it, and hand the stored one to every later read.")
    #expect(
      reads.allSatisfy { $0 == reads[0] },
      "The three reads got tables from builds \(reads.map(\.build)); every read should get the one table the first read built.")
  }

  @Test func eachLazyBuildsItsOwnValue() {
    let morning = TableBuilder(id: 1)
    let evening = TableBuilder(id: 2)
    let first = Lazy { morning.build() }
    let second = Lazy { evening.build() }
    #expect(
      first.value != second.value,
      "Two Lazys handed out the same table. Each Lazy keeps its own value, built by its own `make`: a shared static cache is a hidden singleton.")
    #expect(
      morning.count == 1 && evening.count == 1,
      "Each Lazy should build once with its own `make`; the builders ran \(morning.count) and \(evening.count) times.")
  }
}

@Suite("Step 3: 200 tasks at once get one table") struct Step3 {
  @Test func twoHundredTasksAtOnceBuildOneTable() async {
    let builder = TableBuilder(askers: 200)
    let table = Lazy { builder.build() }
    let tables = await stampede(of: 200) { builder.ask { table.value } }
    #expect(
      builder.count == 1,
      "200 tasks asked at once, and while the first build was still running, the table was built \(builder.count) times. Every task that reads `value` while the first build is still running sees \"not built yet\" and starts a build of its own, unless checking, building and storing are one step that one task at a time can take. A lazy var does not do that, nor does an optional checked without a lock: hold a Mutex (import Synchronization) for the check, the build and the store.")
    let builds = Set(tables.map(\.build)).sorted()
    #expect(
      builds.count == 1,
      "The 200 tasks got tables from \(builds.count) different builds (\(builds.prefix(10).map(String.init).joined(separator: ", "))). Everyone must get the same table.")
  }
}
