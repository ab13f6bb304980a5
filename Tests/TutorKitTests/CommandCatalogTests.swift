import Testing
@testable import TutorKit

@Suite struct CommandCatalogTests {
  @Test func aTutorialCommandTypedInTheShellIsToldWhereItIs() {
    let catalog = CommandCatalog()
    #expect(
      catalog.outsideTheTutorial("sandbox")
        == "`sandbox` is a command of the tutorial, not of the ditutor program: run `ditutor`, then type `sandbox` at its prompt. `ditutor --help` lists the program's own commands.")
    #expect(catalog.outsideTheTutorial("n")?.contains("then type `next` at its prompt") == true, "an alias is told its command")
    #expect(catalog.outsideTheTutorial("sandboxes") == nil)
  }
}
