/// Renders one label as a PDF file and returns the file's name.
protocol LabelRenderer {
  func render(_ label: String) -> String
}

/// Prints the night's refill labels, one batch at a time.
///
/// Building a renderer loads fonts and a barcode engine (about 300 ms), and most nights have
/// nothing to print. So the renderer is built for the first batch that has labels in it, and
/// kept for every batch after that.
final class LabelBatchPrinter {
  private let makeRenderer: () -> any LabelRenderer
  private var renderer: (any LabelRenderer)?

  init(makeRenderer: @escaping () -> any LabelRenderer) {
    self.makeRenderer = makeRenderer
  }

  /// Renders every label in the batch, in order, and returns the files.
  func printBatch(_ labels: [String]) -> [String] {
    guard !labels.isEmpty else { return [] }
    let renderer = currentRenderer
    return labels.map { renderer.render($0) }
  }

  private var currentRenderer: any LabelRenderer {
    if let renderer { return renderer }
    let built = makeRenderer()
    renderer = built
    return built
  }
}
