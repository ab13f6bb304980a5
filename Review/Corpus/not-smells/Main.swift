import Foundation

// Script code at the top of a file is a composition root: it may name every live service.
let started = Date()
let id = UUID()
let data = FileManager.default.contents(atPath: "/dev/null")
print(started, id, data?.count ?? 0, URLSession.shared)
