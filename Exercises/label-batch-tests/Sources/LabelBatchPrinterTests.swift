import LabelBatch
import Testing

/// Renders a label as "<label>.pdf", with no fonts and no files.
struct FileNameRenderer: LabelRenderer {
  func render(_ label: String) -> String {
    "\(label).pdf"
  }
}

/// Hands `LabelBatchPrinter` its renderers, and counts how many it built.
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
    let files = printer.printBatch(["warfarin", "aspirin", "insulin"])
    #expect(files == ["warfarin.pdf", "aspirin.pdf", "insulin.pdf"])
  }
}
