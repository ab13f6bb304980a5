import Synchronization
import Testing

@testable import ReceiptUploadRetry

/// A scripted endpoint: answers each attempt with the next result of its script, and repeats
/// the last one for ever. It counts the attempts. The uploader calls it from the upload's task
/// while the test reads it from its own, so its state sits behind a `Mutex`.
final class ScriptedAPI: ReceiptAPI {
  private let state: Mutex<(script: [Result<String, UploadError>], attempts: Int)>

  init(_ script: [Result<String, UploadError>]) {
    state = Mutex((script, 0))
  }

  var attempts: Int { state.withLock { $0.attempts } }

  func send(_ receipt: Receipt) async throws -> String {
    let answer = state.withLock { state in
      state.attempts += 1
      return state.script.count > 1 ? state.script.removeFirst() : state.script[0]
    }
    return try answer.get()
  }
}

let taxi = Receipt(fileName: "taxi.jpg")

/// Starts `uploader.upload(receipt)` as a `SteppedUpload`: nothing runs until the test steps it.
func startUpload(
  _ receipt: Receipt = taxi, api: ScriptedAPI, clock: ManualClock
) -> SteppedUpload {
  let uploader = ReceiptUploader(api: api, clock: clock)
  return SteppedUpload(on: clock) { try await uploader.upload(receipt) }
}

/// What a test says when the upload waits on something it cannot move.
let waitingOnSomethingElse = """
  The upload stopped with nothing left to run, and it was neither asleep on the clock it was \
  given nor finished: it is waiting on something the test cannot move. Task.sleep waits on the \
  real clock, for a back-off or for a little jitter alike; every wait must be the injected \
  clock's sleep(for:), so that a test decides when it ends.
  """

extension SteppedUpload.Step {
  /// How long the upload is asleep for, or nil when it is not asleep on the manual clock.
  var wait: Duration? {
    if case .asleep(let wait) = self { wait } else { nil }
  }

  /// What the upload returned or threw, or nil when it has not finished.
  var result: Result<String, any Error>? {
    if case .finished(let result) = self { result } else { nil }
  }

  /// What to tell the learner when this step is not the one the test expected: waiting on
  /// something the test cannot move has one explanation, whatever the test expected.
  func unexpected(_ explanation: String) -> Comment {
    if case .waitingElsewhere = self { Comment(rawValue: waitingOnSomethingElse) } else { Comment(rawValue: explanation) }
  }
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

  @Test func triesAgainAfterWaitingOnTheInjectedClock() throws {
    let api = ScriptedAPI([.failure(.offline), .success("rcpt-1")])
    let upload = startUpload(api: api, clock: clock)

    let first = upload.step()
    let wait = try #require(
      first.wait,
      first.unexpected("The first attempt failed offline, and ReceiptUploader never waited on the clock it was given (it made \(api.attempts) attempts). Wait with the injected clock's sleep(for:)."))
    #expect(api.attempts == 1, "While the uploader waits, it should not try again; it had made \(api.attempts) attempts.")

    clock.advance(by: wait)
    let second = upload.step()
    let result = try #require(
      second.result,
      second.unexpected("The clock reached the end of the wait and the second attempt worked, yet the upload has not returned."))
    #expect(try result.get() == "rcpt-1", "The second attempt worked, so upload should return the server's id, rcpt-1.")
    #expect(api.attempts == 2, "One failure, one wait, one more attempt: 2 in all, not \(api.attempts).")
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

  @Test func aFirstAttemptThatWorksWaitsForNothing() throws {
    let api = ScriptedAPI([.success("rcpt-1")])
    let upload = startUpload(api: api, clock: clock)
    let step = upload.step()
    let result = try #require(
      step.result, step.unexpected("The first attempt worked, so upload should return at once, without waiting."))
    #expect(try result.get() == "rcpt-1", "The first attempt worked, so upload should return rcpt-1.")
    #expect(clock.sleeps.isEmpty, "Nothing failed, so nothing should wait; the uploader slept for \(clock.sleeps).")
  }
}

// MARK: - Step 2

/// Lets `upload` run, moving the clock on by exactly each wait it asks for, until it finishes
/// (or has waited 6 times: an uploader that never gives up has had its chance). Returns the
/// waits and, when it finished, its result.
func waits(
  of upload: SteppedUpload, sourceLocation: SourceLocation = #_sourceLocation
) -> (waits: [Duration], result: Result<String, any Error>?) {
  var waits: [Duration] = []
  while waits.count < 6 {
    switch upload.step() {
    case .asleep(let wait):
      waits.append(wait)
      upload.clock.advance(by: wait)
    case .finished(let result):
      return (waits, result)
    case .waitingElsewhere:
      Issue.record(Comment(rawValue: waitingOnSomethingElse), sourceLocation: sourceLocation)
      return (waits, nil)
    }
  }
  upload.cancel()
  return (waits, nil)
}

@Suite("Step 2: longer waits each time, then give up") struct Step2 {
  let clock = ManualClock()

  @Test func waitsOneTwoFourSecondsThenGivesUp() throws {
    let api = ScriptedAPI([.failure(.offline)])
    let (waited, result) = waits(of: startUpload(api: api, clock: clock))
    #expect(
      waited == [.seconds(1), .seconds(2), .seconds(4)],
      "The phone stayed offline. The uploader should wait 1 second, then 2, then 4 (each wait twice the last), and after the 4th attempt give up. It waited \(waited).")
    #expect(api.attempts == 4, "4 attempts in all, then give up; the uploader made \(api.attempts).")
    let outcome = try #require(result, "The uploader was still trying after 6 waits; after the 4th attempt it should give up.")
    #expect(throws: UploadError.offline, "After the 4th failed attempt, upload should throw UploadError.offline.") {
      try outcome.get()
    }
  }

  @Test func eachUploadStartsItsBackOffAtOneSecond() {
    let api = ScriptedAPI([.failure(.offline)])
    let uploader = ReceiptUploader(api: api, clock: clock)
    _ = waits(of: SteppedUpload(on: clock) { try await uploader.upload(taxi) })

    let (waited, _) = waits(of: SteppedUpload(on: clock) { try await uploader.upload(Receipt(fileName: "hotel.jpg")) })
    #expect(
      waited == [.seconds(1), .seconds(2), .seconds(4)],
      "A second upload with the same uploader, after one that gave up, should wait 1, 2 and 4 seconds again; it waited \(waited). The growing wait belongs to one call of upload(_:): keep it in a local `var`, not in a property or anything that outlives the call.")
  }

  @Test func recoversWhenTheSignalComesBack() throws {
    let api = ScriptedAPI([.failure(.offline), .failure(.offline), .success("rcpt-7")])
    let (waited, result) = waits(of: startUpload(api: api, clock: clock))
    #expect(waited == [.seconds(1), .seconds(2)], "Two failures, so two waits, of 1 and then 2 seconds; the uploader waited \(waited).")
    let outcome = try #require(result, "The third attempt worked, yet the upload did not return.")
    #expect(try outcome.get() == "rcpt-7", "The third attempt worked, so upload should return rcpt-7.")
  }
}

// MARK: - Step 3

@Suite("Step 3: stop when waiting cannot help") struct Step3 {
  let clock = ManualClock()

  @Test func aRejectedReceiptIsNotTriedAgain() throws {
    let api = ScriptedAPI([.failure(.rejected("not a photo")), .success("rcpt-1")])
    let upload = startUpload(api: api, clock: clock)
    let step = upload.step()
    let result = try #require(
      step.result,
      step.unexpected("The server rejected the file (\"not a photo\"), yet the uploader got ready to send it again. The same file gets the same answer: only .offline is worth another attempt."))
    #expect(throws: UploadError.rejected("not a photo"), "A rejection should reach the caller at once, unchanged.") {
      try result.get()
    }
    #expect(api.attempts == 1, "One attempt, rejected, is all; the uploader made \(api.attempts).")
  }

  @Test func cancellingStopsTheUploadAtOnce() throws {
    let api = ScriptedAPI([.failure(.offline)])
    let upload = startUpload(api: api, clock: clock)
    let first = upload.step()
    try #require(
      first.wait != nil, first.unexpected("The first attempt failed offline, and the uploader never waited on the injected clock."))

    upload.cancel()  // The user closed the screen.
    let afterCancel = upload.step()
    let result = try #require(
      afterCancel.result,
      afterCancel.unexpected("The upload was cancelled during its first wait, and it is still going, with \(api.attempts) attempts made. The clock's sleep throws CancellationError when the task is cancelled: let it through, instead of `try?`."))
    #expect(
      api.attempts == 1,
      "The upload was cancelled during its first wait, yet it went on to make \(api.attempts) attempts. The clock's sleep throws CancellationError when the task is cancelled: let it through, instead of `try?`.")
    #expect(throws: CancellationError.self, "A cancelled upload should end with CancellationError.") {
      try result.get()
    }
  }
}
