struct FixedClock: Clock { var now: Date }
actor SpyMailer: Mailer { var sent: [String] = []; func send(_ text: String) async throws { sent.append(text) } }
