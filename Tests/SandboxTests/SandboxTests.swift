import Foundation
import Testing
import TutorKit
@testable import Sandbox

/// The container sandbox as an instructor drives it in front of a class.
@Suite struct SandboxTests {
  let sandbox = DIKitSandbox(fileSystem: LocalFileSystem(), exportFolder: FileManager.default.temporaryDirectory.appendingPathComponent("ditutor-sandbox-\(UUID().uuidString)").path)

  func text(_ line: String) -> String {
    let answer = sandbox.handle(line)
    return answer.document.blocks.map { block -> String in
      switch block {
      case .code(let code): code.text
      case .paragraph(let inlines), .notice(_, let inlines): inlines.plainText
      default: ""
      }
    }.joined(separator: "\n")
  }

  @Test func aSingletonIsReusedAndATransientIsNew() {
    #expect(text("register Database singleton") == "Registered Database (singleton).")
    #expect(text("register UserRepository transient needs Database") == "Registered UserRepository (transient, needs Database).")
    #expect(text("resolve UserRepository").hasPrefix("UserRepository #2 (new)\n└─ Database #1 (new)"))
    #expect(text("resolve UserRepository").hasPrefix("UserRepository #3 (new)\n└─ Database #1 (reused)"))
  }

  @Test func aScopedServiceIsOncePerScope() {
    _ = text("register RequestContext scoped")
    _ = text("scope begin")
    #expect(text("resolve RequestContext").hasPrefix("RequestContext #1 (new)"))
    #expect(text("resolve RequestContext").hasPrefix("RequestContext #1 (reused)"))
    #expect(text("scope end") == "The scope ended: its scoped instances are gone.")
    _ = text("scope begin")
    #expect(text("resolve RequestContext").hasPrefix("RequestContext #2 (new)"))
  }

  @Test func aCycleAMissingServiceAndACaptiveShowDIKitsOwnWords() {
    _ = text("register UserRepository needs Database")
    _ = text("register Database needs UserRepository")
    let cycle = text("resolve UserRepository")
    #expect(cycle.contains("UserRepository → Database → UserRepository"), "\(cycle)")
    _ = text("reset")
    _ = text("register CheckoutService needs PaymentGateway")
    #expect(text("resolve CheckoutService").contains("PaymentGateway"))
    #expect(sandbox.handle("resolve CheckoutService").failed)
    _ = text("reset")
    _ = text("register RequestContext scoped")
    _ = text("register Logger singleton needs RequestContext")
    let captive = text("validate")
    #expect(sandbox.handle("validate").failed, "\(captive)")
  }

  @Test func validateListsEachProblemAsAnItemOfItsOwn() throws {
    _ = text("register UserRepository needs Database")
    _ = text("register CheckoutService needs PaymentGateway")
    let answer = sandbox.handle("validate")
    #expect(answer.failed)
    let list = try #require(answer.document.blocks.compactMap { block -> ListBlock? in
      if case .list(let list) = block { list } else { nil }
    }.first, "the problems are a list, not one paragraph")
    #expect(list.ordered)
    #expect(list.items.count == 2)
  }

  @Test func clearEmptiesTheScreenAndKeepsTheContainer() {
    _ = text("register Database singleton")
    let answer = sandbox.handle("clear")
    #expect(answer.clearsScreen && !answer.failed && !answer.leaves)
    #expect(text("resolve Database").hasPrefix("Database #1 (new)"))
  }

  @Test func typosAreAnsweredWithTheClosestWord() {
    #expect(text("resolv Database").contains("Did you mean 'resolve'?"))
    #expect(text("register Databse").contains("Did you mean 'Database'?"))
    #expect(text("register Database forever").contains("is not a lifetime"))
    #expect(sandbox.handle("exit").leaves)
  }

  @Test func tabOffersWhatFitsWhereTheCursorIs() {
    #expect(sandbox.completions(after: "") == DIKitSandbox.commands)
    #expect(sandbox.completions(after: "register Data").contains("Database"))
    #expect(sandbox.completions(after: "register Database ").contains("singleton"))
    #expect(sandbox.completions(after: "register UserRepository transient needs ").contains("Database"))
    #expect(sandbox.completions(after: "resolve ").isEmpty, "nothing registered yet")
    _ = text("register Database singleton")
    #expect(sandbox.completions(after: "resolve ") == ["Database"], "only what was registered")
    #expect(Completer.complete("resolve Da", among: sandbox.completions(after: "resolve Da")) == .init(insertion: "tabase "))
  }

  @Test func theGraphIsATreeAndCanBeWrittenForMermaid() throws {
    _ = text("register Database singleton")
    _ = text("register UserRepository needs Database")
    #expect(text("graph").contains("UserRepository (transient)\n└── Database (singleton)"))
    let wrote = text("graph --mermaid")
    let path = try #require(wrote.split(separator: " ").last.map { String($0.dropLast()) })
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("graph"))
  }
}
