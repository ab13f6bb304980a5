actor SpyStore: NoteStore { var saved: [Note] = []; func save(_ note: Note) async throws { saved.append(note) } }
