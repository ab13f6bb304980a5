/// Declared in every module of this exercise's tests, beside them.
func counter(after increments: Int) -> Counter {
  var counter = Counter()
  for _ in 0..<increments { counter.increment() }
  return counter
}
