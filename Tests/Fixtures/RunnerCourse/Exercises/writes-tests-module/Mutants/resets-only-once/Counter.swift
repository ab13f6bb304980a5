public struct Counter {
  private var resets = 0
  public private(set) var value = 0
  public init() {}
  public mutating func increment() { value += 1 }
  public mutating func reset() {
    resets += 1
    if resets == 1 { value = 0 }
  }
}
