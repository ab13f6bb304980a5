/// The words the session says about its commands: `help`, with all of them or one in full;
/// what an unknown word gets (the nearest command); and the usage of a command typed wrongly.
///
/// Everything comes from the ``CommandCatalog`` given to `init`, the one list of commands the
/// completer and the parser read too.
struct CommandHelp: Sendable {
  private let catalog: CommandCatalog

  init(catalog: CommandCatalog) {
    self.catalog = catalog
  }

  /// `help`: every command in a table, or one command in full.
  func help(_ topic: String?) -> Response {
    if let topic {
      guard let spec = catalog.spec(named: topic) else {
        var message: [Inline] = [.text("There is no command '\(displayable(topic))'.")]
        if let close = Suggestions.closest(to: topic, in: catalog.allWords) {
          message.append(.text(" Did you mean '\(catalog.spec(named: close)?.name ?? close)'?"))
        }
        return .failure(message)
      }
      var blocks: [Block] = [
        .heading(level: 2, [.code(spec.usage)]),
        .paragraph(MarkdownParser().parseInlines(spec.summary + " " + spec.discussion)),
      ]
      if !spec.options.isEmpty {
        blocks.append(
          .list(ListBlock(ordered: false, items: spec.options.map { option in
            ListItem(blocks: [.paragraph([.code("--" + option.name + (option.valueName.map { " <\($0)>" } ?? "")), .text(": " + option.summary)])])
          })))
      }
      if !spec.aliases.isEmpty {
        blocks.append(.paragraph([.text("Also: ")] + spec.aliases.flatMap { [Inline.code($0), .text(" ")] }))
      }
      blocks.append(.paragraph([.text("Examples:")]))
      blocks.append(
        .list(ListBlock(ordered: false, items: spec.examples.map { ListItem(blocks: [.paragraph([.code($0)])]) })))
      return Response(Document(blocks))
    }
    let rows = catalog.commands.map { spec -> [[Inline]] in
      [[.code(spec.usage)], MarkdownParser().parseInlines(spec.summary)]
    }
    return Response(
      Document([
        .table(Table(header: [[.text("Command")], [.text("What it does")]], alignments: [.left, .left], rows: rows)),
        .paragraph([
          .faint([
            .code("help <command>"),
            .text(" explains one. When an answer is taller than the screen, Enter on an empty line shows the rest and "),
            .code("q"), .text(" skips it. Tab completes commands, lesson and exercise ids; ↑ recalls earlier lines; Ctrl-C clears the line or stops a check; Ctrl-D leaves."),
          ])
        ]),
      ]))
  }

  /// What an unknown word gets: the nearest command, or a pointer to `help`.
  func unknownCommand(_ word: String) -> Response {
    if ["y", "yes", "n", "no"].contains(word.lowercased()) {
      return .failure([
        .text("There is no question waiting for an answer, so '\(displayable(word))' does nothing. Type "),
        .code("help"), .text(" to see the commands."),
      ])
    }
    var message: [Inline] = [.text("Unknown command '\(displayable(word))'.")]
    if let suggestion = Suggestions.closest(to: word, in: catalog.allWords) {
      let name = catalog.spec(named: suggestion)?.name ?? suggestion
      message.append(.text(" Did you mean '\(name)'?"))
    } else {
      message += [.text(" Type "), .code("help"), .text(" to see the commands.")]
    }
    return .failure(message)
  }

  /// A command typed with the wrong arguments: the problem, its usage and an example.
  func usageError(_ spec: CommandSpec, _ problem: String) -> Response {
    .failure(
      MarkdownParser().parseInlines("\(problem) Usage: `\(spec.usage)`")
        + [.text(" (e.g. "), .code(spec.examples.first ?? spec.name), .text(").")])
  }
}
