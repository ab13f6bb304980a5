import Foundation

struct Note: Equatable { var text: String; var edited: Int }

/// How two edits of the same note are merged.
enum Conflict {
  static func resolve(_ local: Note, _ remote: Note) -> Note {
    local.edited >= remote.edited ? local : remote
  }
}

enum Route: Equatable {
  case book(Int), shelf
  static func resolve(_ url: URL) -> Route? { url.lastPathComponent == "shelf" ? .shelf : nil }
}

protocol NoteStore { func save(_ note: Note) async throws }

struct NoteSync {
  let store: any NoteStore

  func merge(_ local: Note, _ remote: Note) async throws {
    try await store.save(Conflict.resolve(local, remote))
  }

  func open(_ url: URL) -> Route? { Route.resolve(url) }
}
