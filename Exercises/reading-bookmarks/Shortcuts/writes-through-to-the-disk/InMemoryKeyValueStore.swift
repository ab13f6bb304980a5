final class InMemoryKeyValueStore: KeyValueStore {
  private var values: [String: String] = [:]
  private let disk = DiskKeyValueStore(directory: "/tmp/bookmarks")

  func string(forKey key: String) -> String? { values[key] }
  func set(_ value: String, forKey key: String) {
    values[key] = value
    try? disk.set(value, forKey: key)
  }
  func removeValue(forKey key: String) {
    values[key] = nil
    try? disk.removeValue(forKey: key)
  }
  func allKeys() -> [String] { Array(values.keys) }
}
