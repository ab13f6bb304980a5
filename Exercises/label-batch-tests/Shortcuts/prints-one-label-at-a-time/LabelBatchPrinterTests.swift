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

  @Test func rendersTheLabel() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    #expect(printer.printBatch(["warfarin"]) == ["warfarin.pdf"])
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
    for batch in [["a"], ["b"], ["c"]] { _ = printer.printBatch(batch) }
    #expect(renderers.built == 1)
  }
}
