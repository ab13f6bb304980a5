/// A fake `KeyValueStore` for tests, standing in for `DiskKeyValueStore`: it should behave
/// like the real store, but keep everything in memory.
///
/// So far it is a stub posing as a fake: whatever happened before, it answers "nothing
/// stored".
final class InMemoryKeyValueStore: KeyValueStore {
  func string(forKey key: String) -> String? {
    nil
  }

  func set(_ value: String, forKey key: String) {
  }

  func removeValue(forKey key: String) {
  }

  func allKeys() -> [String] {
    []
  }
}
