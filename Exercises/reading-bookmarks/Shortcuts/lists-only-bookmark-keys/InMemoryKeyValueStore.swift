final class InMemoryKeyValueStore: KeyValueStore {
  private var values: [String: String] = [:]

  func string(forKey key: String) -> String? { values[key] }
  func set(_ value: String, forKey key: String) { values[key] = value }
  func removeValue(forKey key: String) { values[key] = nil }
  func allKeys() -> [String] { values.keys.filter { $0.hasPrefix("bookmark.") } }
}
