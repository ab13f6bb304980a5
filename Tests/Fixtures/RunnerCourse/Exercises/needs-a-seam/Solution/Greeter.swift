struct Greeter {
  let clock: () -> Int
  init(clock: @escaping () -> Int) { self.clock = clock }
  func greeting() -> String { clock() < 12 ? "Good morning" : "Hello" }
}
