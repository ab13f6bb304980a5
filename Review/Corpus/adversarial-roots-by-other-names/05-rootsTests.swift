struct FixedClock: Clock { var now: Date }
struct StubHTTP: HTTP { let body: Data; func data(from url: URL) async throws -> Data { body } }
