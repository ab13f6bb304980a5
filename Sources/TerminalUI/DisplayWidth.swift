extension Character {
  /// Columns the character takes in a terminal: 2 for wide East Asian characters and emoji,
  /// 0 for combining marks and other zero-width characters, 1 otherwise.
  var displayWidth: Int {
    guard let first = unicodeScalars.first else { return 0 }
    let properties = first.properties
    if unicodeScalars.count > 1 && unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    if properties.isEmojiPresentation { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}

extension StringProtocol {
  var displayWidth: Int { reduce(0) { $0 + $1.displayWidth } }
}
