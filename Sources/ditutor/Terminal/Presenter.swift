import Foundation
import TerminalUI
import TutorKit

/// `ditutor present <lesson>`: the lesson on a projector, a page per screen. Keys turn the pages,
/// `r` runs the page's example with its output on screen, `q` leaves. It re-lays the slides out
/// when the window changes size, and it never touches the learner's progress.
struct Presenter {
  let lesson: Lesson
  let probe: TerminalProbe
  let colors: Bool
  let examples: any ExampleRunning

  func run() async -> Int32 {
    guard let keyboard = RawKeyboard(alternateScreen: true) else {
      FileHandle.standardError.write(Data("ditutor present needs a terminal: run it in one (not through a pipe).\n".utf8))
      return 2
    }
    defer { keyboard.restore() }
    var size = (width: probe.width, height: probe.height)
    var slides = layout(size)
    var index = 0
    draw(slides.screen(index), on: keyboard)
    while true {
      guard let key = keyboard.read(waiting: 200) else {
        // No key: a moment to notice a resized window and re-flow, staying on the same page.
        let now = (width: probe.width, height: probe.height)
        if now != size {
          let shown = slides.slides[index]
          size = now
          slides = layout(size)
          index = slides.slide(matching: shown)
          draw(slides.screen(index), on: keyboard)
        }
        continue
      }
      switch key {
      case .next where index + 1 < slides.slides.count:
        index += 1
      case .back where index > 0:
        index -= 1
      case .run:
        await runExamples(of: slides.slides[index], size: size, on: keyboard)
      case .quit:
        return 0
      default:
        continue
      }
      draw(slides.screen(index), on: keyboard)
    }
  }

  private func layout(_ size: (width: Int, height: Int)) -> Slides {
    Slides(lesson: lesson, traits: TerminalTraits(width: min(size.width, 120), colors: colors), height: size.height)
  }

  private func draw(_ screen: String, on keyboard: RawKeyboard) {
    keyboard.write("\u{1B}[H\u{1B}[2J" + screen)
  }

  /// Runs the page's examples one after the other, each output on a screen of its own.
  private func runExamples(of slide: Slides.Slide, size: (width: Int, height: Int), on keyboard: RawKeyboard) async {
    let renderer = Renderer(traits: TerminalTraits(width: min(size.width, 120), colors: colors))
    for name in slide.examples {
      guard let example = lesson.examples.first(where: { $0.name == name }) else { continue }
      draw(renderer.render(Document([.heading(level: 1, [.text("run \(name)")]), .paragraph([.faint([.text("Compiling and running…")])])])), on: keyboard)
      let blocks: [Block]
      do {
        let result = try await examples.run(example)
        let status: [Block] =
          switch result.status {
          case .ran: []
          case .didNotCompile: [.notice(.error, [.text("It did not compile.")])]
          case .failed: [.notice(.error, [.text("It stopped with an error.")])]
          case .timedOut: [.notice(.error, [.text("It did not finish in time.")])]
          case .cancelled: [.notice(.warning, [.text("Cancelled.")])]
          }
        blocks = status + [.code(CodeBlock(language: "output", text: result.output.isEmpty ? "(it printed nothing)" : result.output))]
      } catch {
        blocks = [.notice(.error, [.text(String(describing: error))])]
      }
      let body = renderer.render(Document([.heading(level: 1, [.text("run \(name)")])] + blocks))
      draw(body + "\n" + renderer.render(Document([.paragraph([.faint([.text("Any key goes back to the slide.")])])])), on: keyboard)
      while keyboard.read(waiting: 500) == nil {}
    }
  }
}

/// Waits for the presenter's key between the steps of a demo script.
struct KeyPresenter: DemoPlayer.Presenter {
  let keyboard: RawKeyboard

  mutating func waitToContinue() -> Bool {
    let hint = "  (Space: next step · q: stop)"
    keyboard.write(hint)
    defer { keyboard.write("\r" + String(repeating: " ", count: hint.count) + "\r") }
    while true {
      switch keyboard.read(waiting: 500) {
      case .quit: return false
      case .none, .other: continue
      default: return true
      }
    }
  }
}
