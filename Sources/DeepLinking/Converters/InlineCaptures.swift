/// The first four captures of a match, as plain data that moves with a copy of bytes; the
/// rest go to an overflow array kept beside it.
struct InlineCaptures: Sendable {
  static let capacity = 4
  private var slots: (Capture, Capture, Capture, Capture)
  private(set) var count = 0

  init() {
    let empty = Capture(range: 0..<0, value: .builtIn(.string))
    slots = (empty, empty, empty, empty)
  }

  /// Appends `capture` if there is room, returning whether there was.
  mutating func append(_ capture: Capture) -> Bool {
    switch count {
    case 0: slots.0 = capture
    case 1: slots.1 = capture
    case 2: slots.2 = capture
    case 3: slots.3 = capture
    default: return false
    }
    count += 1
    return true
  }

  subscript(index: Int) -> Capture {
    switch index {
    case 0: slots.0
    case 1: slots.1
    case 2: slots.2
    default: slots.3
    }
  }
}
