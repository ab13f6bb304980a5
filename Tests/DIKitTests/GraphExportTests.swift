import DIKit
import Testing

private final class Cart: Sendable {
  init(gateway: any PaymentGateway) {}
}
private final class Pricing: Sendable {
  init(cart: Cart) {}
}
private final class Storefront: Sendable {
  init(cart: Cart, pricing: Pricing, clock: Lazy<any Clock>) {}
}

private func storeContainer() -> Container {
  let container = Container()
  container.register(PaymentGateway.self, name: "sandbox", lifetime: .singleton) { _ in
    SandboxGateway()
  }
  container.register(Clock.self, lifetime: .singleton) { _ in FixedClock() }
  container.register(Cart.self, lifetime: .graph) { resolver in
    Cart(gateway: try resolver.resolve(PaymentGateway.self, name: "sandbox"))
  }
  container.register(Pricing.self) { resolver in Pricing(cart: try resolver.resolve()) }
  container.register(Storefront.self) { resolver in
    Storefront(cart: try resolver.resolve(), pricing: try resolver.resolve(), clock: try resolver.lazy())
  }
  return container
}

private protocol Printer: Sendable {}
private final class LoopA: Sendable {
  init(_: LoopB) {}
}
private final class LoopB: Sendable {
  init(_: LoopA) {}
}
private final class Office: Sendable {
  init(_: any Printer) {}
}

@Suite("Graph export")
struct GraphExportTests {
  @Test func theGraphHasEveryServiceAndDependency() throws {
    let graph = try storeContainer().validate()

    #expect(
      graph.nodes.map(\.label) == [
        "Cart (graph)", "Clock (singleton)", "PaymentGateway named \"sandbox\" (singleton)",
        "Pricing (transient)", "Storefront (transient)",
      ])
    #expect(graph.roots.map(\.id) == ["Storefront"])
    #expect(
      graph.dependencies(of: "Storefront")
        == [
          .init(from: "Storefront", to: "Cart", kind: .direct),
          .init(from: "Storefront", to: "Pricing", kind: .direct),
          .init(from: "Storefront", to: "Clock", kind: .lazy),
        ])
  }

  @Test func asciiTree() throws {
    let tree = try storeContainer().validate().asciiTree()

    #expect(
      tree == """
        Storefront (transient)
        ├── Cart (graph)
        │   └── PaymentGateway named "sandbox" (singleton)
        ├── Pricing (transient)
        │   └── Cart (graph)
        │       └── PaymentGateway named "sandbox" (singleton)
        └── Clock (singleton) [lazy]
        """)
  }

  @Test func mermaid() throws {
    let mermaid = try storeContainer().validate().mermaid()

    #expect(
      mermaid == """
        graph TD
          n0["Cart · graph"]
          n1["Clock · singleton"]
          n2["PaymentGateway named 'sandbox' · singleton"]
          n3["Pricing · transient"]
          n4["Storefront · transient"]
          n0 --> n2
          n3 --> n0
          n4 --> n0
          n4 --> n3
          n4 -.->|lazy| n1
        """)
  }

  @Test func dot() throws {
    let dot = try storeContainer().validate().dot()

    #expect(
      dot == #"""
        digraph dependencies {
          node [shape=box];
          n0 [label="Cart\ngraph"];
          n1 [label="Clock\nsingleton"];
          n2 [label="PaymentGateway named \"sandbox\"\nsingleton"];
          n3 [label="Pricing\ntransient"];
          n4 [label="Storefront\ntransient"];
          n0 -> n2;
          n3 -> n0;
          n4 -> n0;
          n4 -> n3;
          n4 -> n1 [style=dashed, label="lazy"];
        }
        """#)
  }

  @Test func missingServicesAndCyclesAreShownNotHidden() {
    let container = Container()
    container.register(LoopA.self) { resolver in LoopA(try resolver.resolve()) }
    container.register(LoopB.self) { resolver in LoopB(try resolver.resolve()) }
    container.register(Office.self) { resolver in Office(try resolver.resolve()) }

    let graph = container.dependencyGraph()

    #expect(graph.problems.map(\.kind) == [.cycle, .missingRegistration])
    #expect(graph.node("Printer")?.isMissing == true)
    #expect(
      graph.asciiTree() == """
        Office (transient)
        └── Printer (missing)
        LoopA (transient)
        └── LoopB (transient)
            └── LoopA (transient) ↻ cycle
        """)
    #expect(graph.dot().contains(#"n3 [label="Printer\nmissing", color=red];"#))
    #expect(graph.mermaid().contains(#"n3["Printer · missing"]"#))
  }
}
