final class InMemoryKeyValueStore: KeyValueStore {
  private var values: [String: String] = [:]
  private var keys: [String] = []

  func string(forKey key: String) -> String? { values[key] }
  func set(_ value: String, forKey key: String) {
    values[key] = value
    keys.append(key)
  }
  func removeValue(forKey key: String) {
    values[key] = nil
    keys.removeAll { $0 == key }
  }
  func allKeys() -> [String] { keys }
}
