actor SpyPayments: Payments { var charged: [Int] = []; func charge(_ cents: Int) async throws { charged.append(cents) } }
