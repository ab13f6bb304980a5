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

  @Test func rendersEveryLabelInOrder() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    #expect(printer.printBatch(["warfarin", "aspirin", "insulin"]) == ["warfarin.pdf", "aspirin.pdf", "insulin.pdf"])
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

  @Test func secondBatchReuses() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    _ = printer.printBatch(["a"])
    _ = printer.printBatch(["b"])
    #expect(renderers.built == 1)
  }
}
