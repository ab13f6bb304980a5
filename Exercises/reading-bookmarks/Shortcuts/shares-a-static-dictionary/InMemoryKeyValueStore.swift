/// A fake `KeyValueStore` for tests, standing in for `DiskKeyValueStore`: it behaves like
/// the real store, but keeps everything in memory.
final class InMemoryKeyValueStore: KeyValueStore {
  // `static` so that every store sees the same values; `nonisolated(unsafe)` is the compiler's
  // fix-it for "static property 'values' is not concurrency-safe".
  nonisolated(unsafe) private static var values: [String: String] = [:]

  func string(forKey key: String) -> String? {
    Self.values[key]
  }

  func set(_ value: String, forKey key: String) {
    Self.values[key] = value
  }

  func removeValue(forKey key: String) {
    Self.values[key] = nil
  }

  func allKeys() -> [String] {
    Array(Self.values.keys)
  }
}
