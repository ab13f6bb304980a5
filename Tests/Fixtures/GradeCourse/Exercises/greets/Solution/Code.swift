func greet(_ name: String) -> String { "Hello, \(name)!" }
