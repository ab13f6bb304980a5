/// A fake `KeyValueStore` for tests, standing in for `DiskKeyValueStore`: it behaves like
/// the real store, but keeps everything in memory.
final class InMemoryKeyValueStore: KeyValueStore {
  private var values: [String: String] = [:]

  func string(forKey key: String) -> String? {
    values[key]
  }

  func set(_ value: String, forKey key: String) {
    values[key] = value
  }

  func removeValue(forKey key: String) {
  }

  func allKeys() -> [String] {
    Array(values.keys)
  }
}
