// Usage: DIKitBenchmarks [repetitions] [--impl NAME] [--case PREFIX] [--batch-ms N]
//   --impl and --case run one implementation or the cases whose names start with PREFIX (for
//   profiling); --batch-ms sets how long one timed batch runs.
import Foundation

var harness = Harness()
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--impl": only = arguments.popFirst()
  case "--case": harness.casePrefix = arguments.popFirst()
  case "--batch-ms": harness.batch = .milliseconds(Int(arguments.popFirst() ?? "") ?? 40)
  default:
    guard let repetitions = Int(argument), repetitions > 0 else {
      FileHandle.standardError.write(Data("usage: DIKitBenchmarks [repetitions] [--impl NAME] [--case PREFIX] [--batch-ms N]\n".utf8))
      exit(2)
    }
    harness.repetitions = repetitions
  }
}
let suites: [(String, (inout Harness) -> Void)] = [
  (Implementation.handWired, HandWired.run), (Implementation.dikit, DIKitCases.run),
  (Implementation.swinject, SwinjectCases.run), (Implementation.swiftDependencies, SwiftDependenciesCases.run),
]
for (name, add) in suites where only == nil || only == name { add(&harness) }
harness.run()
Summary.print(harness)
