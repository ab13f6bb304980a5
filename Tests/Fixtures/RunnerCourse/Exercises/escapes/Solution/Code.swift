func answer() -> Int { 42 }
