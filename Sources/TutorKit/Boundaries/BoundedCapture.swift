/// Keeps the first and the last `limit` bytes of a stream and counts what fell between.
struct BoundedCapture {
  let limit: Int
  private var head: [UInt8] = []
  private var tail: [UInt8] = []
  private(set) var dropped = 0

  init(limit: Int) {
    self.limit = max(limit / 2, 1)
  }

  mutating func append(_ bytes: ArraySlice<UInt8>) {
    var bytes = bytes
    if head.count < limit {
      let taken = bytes.prefix(limit - head.count)
      head += taken
      bytes = bytes.dropFirst(taken.count)
    }
    guard !bytes.isEmpty else { return }
    tail += bytes
    if tail.count > 2 * limit {
      let excess = tail.count - limit
      dropped += excess
      tail.removeFirst(excess)
    }
  }

  var text: String {
    let kept = tail.suffix(limit)
    let lost = dropped + (tail.count - kept.count)
    let middle = lost > 0 ? "\n… \(lost) bytes of output left out …\n" : ""
    return String(decoding: head, as: UTF8.self) + middle + String(decoding: kept, as: UTF8.self)
  }
}
