/// `run`: compiles and runs one of a lesson's examples (``LessonExample``) and shows what it
/// printed, or lists them.
///
/// The ``ExampleRunning`` that compiles them arrives through `init`. It keeps no state, so it is
/// `Sendable` and runs off the session actor; the session tells it which lesson the learner is in.
struct ExampleRoom: Sendable {
  private let examples: any ExampleRunning

  init(examples: any ExampleRunning) {
    self.examples = examples
  }

  func run(_ name: String?, in lesson: Lesson?, emit: @Sendable (Document) -> Void) async -> Response {
    guard let lesson else { return .failure([.text("There are no lessons.")]) }
    guard !lesson.examples.isEmpty else {
      return .failure([.text("Lesson \(lesson.order) has no runnable examples.")])
    }
    guard let name else {
      let items = lesson.examples.map { example in
        ListItem(blocks: [.paragraph([.code("run \(example.name)"), .faint([.text(" (\(example.location))")])])])
      }
      return Response(Document([.paragraph([.text("Examples in lesson \(lesson.order):")]), .list(ListBlock(ordered: false, items: items))]))
    }
    guard let example = lesson.examples.first(where: { $0.name == name.lowercased() }) else {
      let names = lesson.examples.map(\.name).joined(separator: ", ")
      return .failure([.text("Lesson \(lesson.order) has no example '\(displayable(name))'; it has \(names).")])
    }
    emit(Document([.paragraph([.faint([.text("Compiling and running "), .code(example.name), .text(" (\(example.location)) …")])])]))
    let result: ExampleRun
    do {
      result = try await examples.run(example)
    } catch {
      return .failure([.text(String(describing: error))])
    }
    let output = Block.code(CodeBlock(language: "output", text: result.output.isEmpty ? "(it printed nothing)" : result.output.trimmingTrailingNewlines))
    switch result.status {
    case .ran:
      var blocks = [output]
      // `before` and `after` are one story told twice; other examples (`missing`, `cycle`) stand alone.
      let counterpart = ["before": "after", "after": "before"][example.name]
      if let other = lesson.examples.first(where: { $0.name == counterpart }) {
        blocks.append(.paragraph([.faint([.text("Compare: "), .code("run \(other.name)"), .text(".")])]))
      }
      return Response(Document(blocks))
    case .didNotCompile:
      return .failure([.text("The example does not compile (a problem in the lesson; please report it):")], [output])
    case .failed:
      return .failure([.text("The example stopped with an error:")], [output])
    case .timedOut:
      return .failure([.text("The example ran for more than 10 s and was stopped.")], [output])
    case .cancelled:
      return Response(Document([.notice(.warning, [.text("Cancelled.")])]))
    }
  }
}

extension String {
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
