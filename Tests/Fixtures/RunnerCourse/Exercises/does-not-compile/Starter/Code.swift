func answer() -> Int {
  let text: Int = "forty-two"
  return text
}
