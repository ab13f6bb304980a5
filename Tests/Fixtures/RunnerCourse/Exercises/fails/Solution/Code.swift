func answer() -> Int { 41 }
