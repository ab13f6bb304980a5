struct FixedClock: Clock { var now: Date }
