import Testing

/// Renders one label as a PDF file and returns the file's name.
public protocol LabelRenderer {
  func render(_ label: String) -> String
}

/// Prints the night's refill labels, one batch at a time.
///
/// Building a renderer loads fonts and a barcode engine (about 300 ms), and most nights have
/// nothing to print. So the renderer is built for the first batch that has labels in it, and
/// kept for every batch after that.
public final class LabelBatchPrinter {
  private let makeRenderer: () -> any LabelRenderer
  private var renderer: (any LabelRenderer)?

  public init(makeRenderer: @escaping () -> any LabelRenderer) {
    self.makeRenderer = makeRenderer
  }

  /// Renders every label in the batch, in order, and returns the files.
  public func printBatch(_ labels: [String]) -> [String] {
    guard !labels.isEmpty else { return [] }
    let renderer = currentRenderer
    return labels.sorted().map { renderer.render($0) }
  }

  private var currentRenderer: any LabelRenderer {
    if let renderer { return renderer }
    let built = makeRenderer()
    renderer = built
    return built
  }
}

/// The real renderer, for the composition root: `LabelBatchPrinter(makeRenderer: { PDFLabelRenderer() })`.
/// In the app, building one loads fonts and a barcode engine (about 300 ms) and every label goes to
/// the printer's spool. In this exercise it prints nothing, and a test that builds one fails.
public struct PDFLabelRenderer: LabelRenderer, Sendable {
  public init() {
    Issue.record(
      "This test built PDFLabelRenderer, the live renderer: in the app it loads fonts and a barcode engine and sends every label to the pharmacy's printer, and no test may build it, even to count it. Hand the printer renderers.make from CountingRendererFactory, whose FileNameRenderer prints nothing, and count the builds there.")
  }

  public func render(_ label: String) -> String {
    "\(label).pdf"
  }
}
