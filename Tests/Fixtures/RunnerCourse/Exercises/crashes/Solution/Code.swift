func answer() -> Int {
  let values: [Int] = []
  return values[0]
}
