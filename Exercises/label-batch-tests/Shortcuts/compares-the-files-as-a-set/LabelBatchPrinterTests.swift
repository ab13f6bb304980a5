import LabelBatch
import Testing

struct FileNameRenderer: LabelRenderer {
  func render(_ label: String) -> String {
    "\(label).pdf"
  }
}

final class CountingRendererFactory {
  private(set) var built = 0

  func make() -> any LabelRenderer {
    built += 1
    return FileNameRenderer()
  }
}

@Suite struct LabelBatchPrinterTests {
  let renderers = CountingRendererFactory()

  @Test func rendersEveryLabel() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    let files = printer.printBatch(["warfarin", "aspirin", "insulin"])
    #expect(Set(files) == ["warfarin.pdf", "aspirin.pdf", "insulin.pdf"])
  }

  @Test func buildsNothingAtStartUp() {
    _ = LabelBatchPrinter(makeRenderer: renderers.make)
    #expect(renderers.built == 0)
  }

  @Test func emptyBatchBuildsNothing() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    #expect(printer.printBatch([]) == [])
    #expect(renderers.built == 0)
  }

  @Test func keepsTheRenderer() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    for batch in [["a"], ["b", "c"], ["d"]] { _ = printer.printBatch(batch) }
    #expect(renderers.built == 1)
  }
}
