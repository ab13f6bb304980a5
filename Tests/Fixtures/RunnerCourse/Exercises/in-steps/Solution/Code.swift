func one() -> Int { 1 }
func two() -> Int { 2 }
func three() -> Int { 3 }
