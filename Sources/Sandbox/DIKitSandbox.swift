import DIKit
import Foundation
import Synchronization
import TutorKit

/// The `sandbox` command's container: DIKit over a dozen toy services (`Database`,
/// `UserRepository`, …), driven by typed commands, the fastest way to show a class what
/// transient, singleton, weak, graph and scoped mean, and what a cycle or a captive dependency
/// looks like in a real container's own words.
///
/// ```text
/// sandbox> register Database singleton
/// sandbox> register UserRepository transient needs Database
/// sandbox> resolve UserRepository
/// UserRepository #2 (new)
/// └─ Database #1 (new)
/// sandbox> resolve UserRepository
/// UserRepository #3 (new)
/// └─ Database #1 (reused)
/// ```
public final class DIKitSandbox: ContainerSandbox {
  private struct State {
    var container = Container()
    var scope: Scope?
    /// What was registered, in order, for `graph` and `help`.
    var registered: [(name: String, lifetime: Lifetime, needs: [String])] = []
  }

  private let state = Mutex(State())
  private let serials = Serials()
  private let fileSystem: any FileStore
  /// Where `graph --mermaid` and `graph --dot` write their files.
  private let exportFolder: String

  public init(fileSystem: any FileStore, exportFolder: String) {
    self.fileSystem = fileSystem
    self.exportFolder = exportFolder
  }

  public static let commands = ["register", "resolve", "scope", "graph", "validate", "reset", "clear", "help", "exit"]

  public func completions(after beforeCursor: String) -> [String] {
    let words = beforeCursor.split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.lowercased() }
    let typing = !(beforeCursor.last.map { $0 == " " || $0 == "," } ?? true)
    let done = typing ? Array(words.dropLast()) : words
    guard let command = done.first else { return Self.commands }
    switch command {
    case "register":
      if done.count == 1 { return ToyCatalog.names }
      if done.contains("needs") { return ToyCatalog.names }
      return done.count == 2 ? Lifetime.allCases.map(\.rawValue) + ["needs"] : ["needs"]
    case "resolve":
      return done.count == 1 ? state.withLock { $0.registered.map(\.name) } : []
    case "scope": return done.count == 1 ? ["begin", "end"] : []
    case "graph": return done.count == 1 ? ["--mermaid", "--dot"] : []
    default: return []
    }
  }

  public var welcome: Document {
    Document([
      .notice(.info, [
        .text("The container sandbox: a real DIKit container over toy services. Try "),
        .code("register Database singleton"), .text(", "), .code("register UserRepository transient needs Database"),
        .text(", then "), .code("resolve UserRepository"), .text(" twice. "), .code("help"), .text(" lists the commands; "),
        .code("exit"), .text(" goes back to the lesson."),
      ])
    ])
  }

  public func handle(_ line: String) -> SandboxAnswer {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    guard let command = words.first?.lowercased() else { return SandboxAnswer(Document()) }
    let rest = Array(words.dropFirst())
    switch command {
    case "register": return register(rest)
    case "resolve": return resolve(rest)
    case "scope": return scope(rest)
    case "graph": return graph(rest)
    case "validate": return validate()
    case "reset":
      state.withLock { $0 = State() }
      return answer("A new, empty container.")
    case "clear": return SandboxAnswer(Document(), clearsScreen: true)
    case "help", "?": return help()
    case "exit", "quit", "q": return SandboxAnswer(Document([.paragraph([.text("Back to the lesson.")])]), leaves: true)
    default:
      let close = Suggestions.closest(to: command, in: Self.commands).map { " Did you mean '\($0)'?" } ?? ""
      return failure("The sandbox has no command '\(displayable(command))'.\(close) `help` lists them; `exit` leaves.")
    }
  }

  // MARK: Commands

  private func register(_ words: [String]) -> SandboxAnswer {
    guard let typed = words.first else { return failure("Usage: `register <Service> [lifetime] [needs <Service> …]`.") }
    guard let name = ToyCatalog.name(matching: typed), let type = ToyCatalog.services[name] else { return unknown(typed) }
    var lifetime = Lifetime.transient
    var rest = Array(words.dropFirst())
    if let first = rest.first, first.lowercased() != "needs" {
      guard let chosen = Lifetime(rawValue: first.lowercased()) else {
        return failure("'\(displayable(first))' is not a lifetime: \(Lifetime.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")).")
      }
      lifetime = chosen
      rest.removeFirst()
    }
    var needs: [String] = []
    if let first = rest.first {
      guard first.lowercased() == "needs", rest.count > 1 else {
        return failure("After the lifetime comes `needs <Service> …`, as in `register UserRepository transient needs Database`.")
      }
      for typed in rest.dropFirst() {
        guard let need = ToyCatalog.name(matching: typed) else { return unknown(typed) }
        needs.append(need)
      }
    }
    let needed = needs.compactMap { ToyCatalog.services[$0] }
    let serials = self.serials
    state.withLock { state in
      ToyContainer.register(type, in: state.container, lifetime: lifetime, needs: needed, serials: serials)
      state.registered.removeAll { $0.name == name }
      state.registered.append((name, lifetime, needs))
    }
    let dependsOn = needs.isEmpty ? "" : ", needs \(needs.joined(separator: ", "))"
    return answer("Registered \(name) (\(lifetime.rawValue)\(dependsOn)).")
  }

  private func resolve(_ words: [String]) -> SandboxAnswer {
    guard let typed = words.first else { return failure("Usage: `resolve <Service>`.") }
    guard let name = ToyCatalog.name(matching: typed), let type = ToyCatalog.services[name] else { return unknown(typed) }
    let before = serials.current
    let (container, scope) = state.withLock { ($0.container, $0.scope) }
    do {
      let toy = try scope.map { try ToyContainer.resolve(type, in: $0) } ?? ToyContainer.resolve(type, in: container)
      var lines: [String] = []
      describe(toy, newerThan: before, prefix: "", connector: "", into: &lines)
      let place = scope == nil ? "" : " (in the scope)"
      return SandboxAnswer(Document([.code(CodeBlock(language: "", text: lines.joined(separator: "\n"))), .paragraph([.faint([.text("new: built by this resolve\(place); reused: an instance the container kept")])])]))
    } catch {
      return failure(String(describing: error))
    }
  }

  private func describe(_ toy: Toy, newerThan before: Int, prefix: String, connector: String, into lines: inout [String]) {
    lines.append(prefix + connector + "\(toy.service) #\(toy.serial) (\(toy.serial > before ? "new" : "reused"))")
    let childPrefix = prefix + (connector.isEmpty ? "" : connector.hasPrefix("├") ? "│  " : "   ")
    for (index, dependency) in toy.dependencies.enumerated() {
      let last = index == toy.dependencies.count - 1
      describe(dependency, newerThan: before, prefix: childPrefix, connector: last ? "└─ " : "├─ ", into: &lines)
    }
  }

  private func scope(_ words: [String]) -> SandboxAnswer {
    switch words.first?.lowercased() {
    case "begin":
      let began = state.withLock { state -> Bool in
        guard state.scope == nil else { return false }
        state.scope = state.container.makeScope()
        return true
      }
      return began
        ? answer("A scope began: scoped services are made once in it; `scope end` ends it.")
        : failure("A scope is already open; `scope end` ends it first.")
    case "end":
      let ended = state.withLock { state -> Bool in
        guard let scope = state.scope else { return false }
        scope.close()
        state.scope = nil
        return true
      }
      return ended ? answer("The scope ended: its scoped instances are gone.") : failure("No scope is open; `scope begin` opens one.")
    default:
      return failure("Usage: `scope begin` or `scope end`.")
    }
  }

  private func graph(_ words: [String]) -> SandboxAnswer {
    let container = state.withLock { $0.container }
    let export = container.dependencyGraph()
    switch words.first?.lowercased() {
    case nil:
      let tree = export.asciiTree()
      return SandboxAnswer(Document([.code(CodeBlock(language: "", text: tree.isEmpty ? "(nothing registered)" : tree))]))
    case "--mermaid", "--dot":
      let mermaid = words.first?.lowercased() == "--mermaid"
      let path = FilePath.join(exportFolder, mermaid ? "sandbox-graph.mmd" : "sandbox-graph.dot")
      do {
        if !fileSystem.directoryExists(at: exportFolder) { try fileSystem.createDirectory(at: exportFolder) }
        try fileSystem.writeAtomically(Data((mermaid ? export.mermaid() : export.dot()).utf8), to: path)
        return answer("Wrote the graph to \(path).")
      } catch {
        return failure("Could not write \(path): \(error)")
      }
    default:
      return failure("Usage: `graph`, `graph --mermaid` or `graph --dot`.")
    }
  }

  private func validate() -> SandboxAnswer {
    let container = state.withLock { $0.container }
    do {
      let graph = try container.validate()
      return SandboxAnswer(Document([.notice(.success, [.text("Every registration resolves (\(graph.nodes.count) services). validate() built each once to check.")])]))
    } catch let error as ValidationError {
      // One numbered item a problem: a problem's own text can run several lines on screen.
      let parser = MarkdownParser()
      return SandboxAnswer(
        Document([
          .notice(.error, [.text("validate() found \(error.problems.count == 1 ? "1 problem" : "\(error.problems.count) problems"):")]),
          .list(ListBlock(ordered: true, items: error.problems.map { ListItem(blocks: [.paragraph(parser.parseInlines("\($0)"))]) })),
        ]), failed: true)
    } catch {
      return failure(String(describing: error))
    }
  }

  private func help() -> SandboxAnswer {
    let rows: [[[Inline]]] = [
      ["register <Service> [lifetime] [needs <Service> …]", "add a service (lifetimes: transient, singleton, weak, graph, scoped)"],
      ["resolve <Service>", "build it: which instances are new, which reused"],
      ["scope begin / scope end", "open and close a scope for scoped services"],
      ["graph [--mermaid | --dot]", "the registrations as a tree, or to a file"],
      ["validate", "check every registration at once"],
      ["reset / clear / exit", "start over / an empty screen / back to the lesson"],
    ].map { [[.code($0[0])], [.text($0[1])]] }
    return SandboxAnswer(
      Document([
        .table(Table(header: [[.text("Command")], [.text("What it does")]], alignments: [.left, .left], rows: rows)),
        .paragraph([.faint([.text("Services: " + ToyCatalog.names.joined(separator: ", ") + ".")])]),
      ]))
  }

  // MARK: Answers

  private func answer(_ text: String) -> SandboxAnswer {
    SandboxAnswer(Document([.paragraph(MarkdownParser().parseInlines(text))]))
  }

  private func failure(_ text: String) -> SandboxAnswer {
    SandboxAnswer(Document([.notice(.error, MarkdownParser().parseInlines(text))]), failed: true)
  }

  private func unknown(_ typed: String) -> SandboxAnswer {
    let close = Suggestions.closest(to: typed, in: ToyCatalog.names).map { " Did you mean '\($0)'?" } ?? ""
    return failure("The sandbox has no service '\(displayable(typed))'.\(close) It knows: \(ToyCatalog.names.joined(separator: ", ")).")
  }
}

