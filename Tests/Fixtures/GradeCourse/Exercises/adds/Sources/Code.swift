func add(_ a: Int, _ b: Int) -> Int { 0 }
