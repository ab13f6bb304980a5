func answer() -> Int {
  let line = String(repeating: "flood ", count: 100)
  for _ in 0..<20_000 { print(line) }
  return 42
}
