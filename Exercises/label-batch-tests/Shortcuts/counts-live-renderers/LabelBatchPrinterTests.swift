import LabelBatch
import Testing

/// Renders a label as "<label>.pdf", with no fonts and no files.
struct FileNameRenderer: LabelRenderer {
  func render(_ label: String) -> String {
    "\(label).pdf"
  }
}

/// Hands `LabelBatchPrinter` the real renderers, as the app does, and counts how many it built.
final class CountingRendererFactory {
  private(set) var built = 0

  func make() -> any LabelRenderer {
    built += 1
    return PDFLabelRenderer()
  }
}

@Suite struct LabelBatchPrinterTests {
  let renderers = CountingRendererFactory()

  @Test func rendersEveryLabelInOrder() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    let files = printer.printBatch(["warfarin", "aspirin", "insulin"])
    #expect(files == ["warfarin.pdf", "aspirin.pdf", "insulin.pdf"])
  }

  @Test func startingUpBuildsNoRenderer() {
    _ = LabelBatchPrinter(makeRenderer: renderers.make)
    #expect(renderers.built == 0, "nothing printed yet, so no renderer should exist")
  }

  @Test func anEmptyNightBuildsNoRenderer() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    #expect(printer.printBatch([]) == [])
    #expect(renderers.built == 0, "an empty batch needs no renderer")
  }

  @Test func manyBatchesShareOneRenderer() {
    let printer = LabelBatchPrinter(makeRenderer: renderers.make)
    _ = printer.printBatch(["warfarin"])
    _ = printer.printBatch(["aspirin", "insulin"])
    _ = printer.printBatch(["metformin"])
    #expect(renderers.built == 1, "the first batch builds the renderer; later ones reuse it")
  }
}
