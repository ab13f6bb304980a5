func one() -> Int { 1 }
func two() -> Int { 0 }
func three() -> Int { 0 }
