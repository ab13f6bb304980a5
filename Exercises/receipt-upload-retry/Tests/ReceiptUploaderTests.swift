import Testing

@testable import ReceiptUploadRetry

/// A scripted endpoint: answers each attempt with the next result of its script, and repeats
/// the last one for ever. It counts the attempts. An actor, because the uploader calls it from
/// the task that runs the upload while the test reads it from its own.
actor ScriptedAPI: ReceiptAPI {
  private var script: [Result<String, UploadError>]
  private(set) var attempts = 0

  init(_ script: [Result<String, UploadError>]) {
    self.script = script
  }

  func send(_ receipt: Receipt) async throws -> String {
    attempts += 1
    let answer = script.count > 1 ? script.removeFirst() : script[0]
    return try answer.get()
  }
}

let taxi = Receipt(fileName: "taxi.jpg")

/// The uploader under test, built with the test's endpoint and clock.
func makeUploader(_ api: ScriptedAPI, _ clock: ManualClock) -> ReceiptUploader {
  ReceiptUploader(api: api, clock: clock)
}

/// `ReceiptUploader(api:)` with no clock. If the uploader's init gives `clock` a default value,
/// Swift calls that one. If it has none, the call lands here, in the test's own init, which stops
/// the program: that is the right outcome, checked in a child process.
protocol BuiltWithoutAClock {}
extension ReceiptUploader: BuiltWithoutAClock {}
extension BuiltWithoutAClock {
  init(api: any ReceiptAPI, _ noClockGiven: Void = ()) {
    fatalError("ReceiptUploader(api:) found no init of the uploader's own to call: right, it needs a clock")
  }
}

// MARK: - Step 1

@Suite("Step 1: the uploader waits on the injected clock") struct Step1 {
  let clock = ManualClock()

  @Test func triesAgainAfterWaitingOnTheInjectedClock() async throws {
    let api = ScriptedAPI([.failure(.offline), .success("rcpt-1")])
    let uploader = makeUploader(api, clock)
    let upload = Task { try await uploader.upload(taxi) }

    let sleep = await clock.nextSleep(during: upload)
    let attemptsBefore = await api.attempts
    let wait = try #require(
      sleep,
      "The first attempt failed offline, and ReceiptUploader never waited on the clock it was given (it made \(attemptsBefore) attempts). Task.sleep waits on the real clock, which no test can move: every upload test would take seconds. Wait with the injected clock's sleep(for:).")
    #expect(attemptsBefore == 1, "While the uploader waits, it should not try again; it had made \(attemptsBefore) attempts.")

    clock.advance(by: wait)
    let id = try await upload.value
    let attempts = await api.attempts
    #expect(id == "rcpt-1", "The second attempt worked, so upload should return the server's id, rcpt-1, not \(id).")
    #expect(attempts == 2, "One failure, one wait, one more attempt: 2 in all, not \(attempts).")
  }

  /// Runs in a child process: with no default clock, the test's own stand-in `init` runs, and it
  /// stops the child.
  @Test func theClockHasNoDefault() async {
    await #expect(
      processExitsWith: .failure,
      "`ReceiptUploader(api:)` built an uploader without being given a clock: its init has a default value for `clock` (ContinuousClock(), say). A caller that forgets the clock then waits on the real one without a word, lesson 2's default-argument trap. Take the clock without a default; the app passes ContinuousClock() itself."
    ) {
      _ = ReceiptUploader(api: LiveReceiptAPI())
    }
  }

  @Test func aFirstAttemptThatWorksWaitsForNothing() async throws {
    let api = ScriptedAPI([.success("rcpt-1")])
    let id = try await makeUploader(api, clock).upload(taxi)
    #expect(id == "rcpt-1", "The first attempt worked, so upload should return rcpt-1, not \(id).")
    #expect(clock.sleeps.isEmpty, "Nothing failed, so nothing should wait; the uploader slept for \(clock.sleeps).")
  }
}

// MARK: - Step 2

/// Lets `upload` run, moving the clock on by exactly each wait it asks for. Returns the waits.
func waits<Success>(of upload: Task<Success, any Error>, on clock: ManualClock) async -> [Duration] {
  var waits: [Duration] = []
  while waits.count < 6, let wait = await clock.nextSleep(during: upload) {
    waits.append(wait)
    clock.advance(by: wait)
  }
  upload.cancel()  // An uploader that never gives up has had its chance.
  return waits
}

@Suite("Step 2: longer waits each time, then give up") struct Step2 {
  let clock = ManualClock()

  @Test func waitsOneTwoFourSecondsThenGivesUp() async {
    let api = ScriptedAPI([.failure(.offline)])
    let uploader = makeUploader(api, clock)
    let upload = Task { try await uploader.upload(taxi) }

    let waited = await waits(of: upload, on: clock)
    let result = await upload.result
    let attempts = await api.attempts
    #expect(
      waited == [.seconds(1), .seconds(2), .seconds(4)],
      "The phone stayed offline. The uploader should wait 1 second, then 2, then 4 (each wait twice the last), and after the 4th attempt give up. It waited \(waited).")
    #expect(attempts == 4, "4 attempts in all, then give up; the uploader made \(attempts).")
    #expect(throws: UploadError.offline, "After the 4th failed attempt, upload should throw UploadError.offline.") {
      try result.get()
    }
  }

  @Test func eachUploadStartsItsBackOffAtOneSecond() async {
    let api = ScriptedAPI([.failure(.offline)])
    let uploader = makeUploader(api, clock)
    let first = Task { try await uploader.upload(taxi) }
    _ = await waits(of: first, on: clock)
    _ = await first.result

    let second = Task { try await uploader.upload(Receipt(fileName: "hotel.jpg")) }
    let waited = await waits(of: second, on: clock)
    #expect(
      waited == [.seconds(1), .seconds(2), .seconds(4)],
      "A second upload with the same uploader, after one that gave up, should wait 1, 2 and 4 seconds again; it waited \(waited). The growing wait belongs to one call of upload(_:): keep it in a local `var`, not in a property or anything that outlives the call.")
  }

  @Test func recoversWhenTheSignalComesBack() async throws {
    let api = ScriptedAPI([.failure(.offline), .failure(.offline), .success("rcpt-7")])
    let uploader = makeUploader(api, clock)
    let upload = Task { try await uploader.upload(taxi) }

    let waited = await waits(of: upload, on: clock)
    #expect(waited == [.seconds(1), .seconds(2)], "Two failures, so two waits, of 1 and then 2 seconds; the uploader waited \(waited).")
    let id = try await upload.value
    #expect(id == "rcpt-7", "The third attempt worked, so upload should return rcpt-7, not \(id).")
  }
}

// MARK: - Step 3

@Suite("Step 3: stop when waiting cannot help") struct Step3 {
  let clock = ManualClock()

  @Test func aRejectedReceiptIsNotTriedAgain() async {
    let api = ScriptedAPI([.failure(.rejected("not a photo")), .success("rcpt-1")])
    let uploader = makeUploader(api, clock)
    let upload = Task { try await uploader.upload(taxi) }

    let wait = await clock.nextSleep(during: upload)
    upload.cancel()
    let result = await upload.result
    let attempts = await api.attempts
    #expect(
      wait == nil,
      "The server rejected the file (\"not a photo\"), yet the uploader got ready to send it again, after \(wait ?? .zero). The same file gets the same answer: only .offline is worth another attempt.")
    #expect(throws: UploadError.rejected("not a photo"), "A rejection should reach the caller at once, unchanged.") {
      try result.get()
    }
    #expect(attempts == 1, "One attempt, rejected, is all; the uploader made \(attempts).")
  }

  @Test func cancellingStopsTheUploadAtOnce() async throws {
    let api = ScriptedAPI([.failure(.offline)])
    let uploader = makeUploader(api, clock)
    let upload = Task { try await uploader.upload(taxi) }

    try #require(
      await clock.nextSleep(during: upload) != nil,
      "The first attempt failed offline, and the uploader never waited on the injected clock.")
    upload.cancel()  // The user closed the screen.
    let result = await upload.result
    let attempts = await api.attempts
    #expect(
      attempts == 1,
      "The upload was cancelled during its first wait, yet it went on to make \(attempts) attempts. The clock's sleep throws CancellationError when the task is cancelled: let it through, instead of `try?`.")
    #expect(throws: CancellationError.self, "A cancelled upload should end with CancellationError.") {
      try result.get()
    }
  }
}
