/// A key the gallery understands.
public enum GalleryKey: Hashable, Sendable, CaseIterable {
  /// Scroll one row back along the scroll axis (`k`).
  case up
  /// Scroll one row on along the scroll axis (`j`).
  case down
  /// Scroll a page up (Page Up, `b`).
  case pageUp
  /// Scroll a page down (Page Down, space).
  case pageDown
  /// Scroll to the top (Home, `g`).
  case home
  /// Scroll to the bottom (End, `G`).
  case end
  /// Cycle the collection's width, and with it the number of columns (`r`).
  case resize
  /// Append a page of items to the last section (`a`).
  case append
  /// Put new cards before the first one (`p`); the top card stays put.
  case prepend
  /// Delete a few cards at random, never the top one (`x`).
  case delete
  /// Shuffle the cards after the top one in its section (`s`).
  case shuffle
  /// Leave (`q`, Ctrl-C).
  case quit
  /// Move the focus to the neighbour above (arrow up).
  case focusUp
  /// Move the focus to the neighbour below (arrow down).
  case focusDown
  /// Move the focus to the neighbour on the left (arrow left, `h`).
  case focusLeft
  /// Move the focus to the neighbour on the right (arrow right, `l`).
  case focusRight
  /// Select or deselect the focused item (Enter, `v`).
  case toggleSelection

  /// The keys in `bytes`, as a terminal in raw mode sends them: plain letters, Enter, and the
  /// escape sequences of xterm-like terminals (`ESC [ A`, `ESC [ 5 ~`, `ESC O H`...). Unknown
  /// bytes are skipped.
  ///
  ///     GalleryKey.parse(Array("\u{1B}[Bjq".utf8))  // [.focusDown, .down, .quit]
  ///
  /// - Complexity: O(n) for n bytes.
  public static func parse(_ bytes: [UInt8]) -> [GalleryKey] {
    var keys: [GalleryKey] = []
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      i += 1
      if byte == 0x1B, i < bytes.count, bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "O") {
        // CSI or SS3: parameters (digits, ';') then one final byte.
        i += 1
        var parameter = 0
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: ";") {
          // Capped, so that a pasted run of digits cannot overflow: no key needs more than two.
          if bytes[i] != UInt8(ascii: ";") && parameter < 1_000_000 {
            parameter = parameter * 10 + Int(bytes[i] - UInt8(ascii: "0"))
          }
          i += 1
        }
        guard i < bytes.count else { break }
        let final = bytes[i]
        i += 1
        switch (final, parameter) {
        case (UInt8(ascii: "A"), _): keys.append(.focusUp)
        case (UInt8(ascii: "B"), _): keys.append(.focusDown)
        case (UInt8(ascii: "C"), _): keys.append(.focusRight)
        case (UInt8(ascii: "D"), _): keys.append(.focusLeft)
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), 1), (UInt8(ascii: "~"), 7): keys.append(.home)
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), 4), (UInt8(ascii: "~"), 8): keys.append(.end)
        case (UInt8(ascii: "~"), 5): keys.append(.pageUp)
        case (UInt8(ascii: "~"), 6): keys.append(.pageDown)
        default: break
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "k"): keys.append(.up)
      case UInt8(ascii: "j"): keys.append(.down)
      case UInt8(ascii: "b"): keys.append(.pageUp)
      case UInt8(ascii: " "): keys.append(.pageDown)
      case UInt8(ascii: "g"): keys.append(.home)
      case UInt8(ascii: "G"): keys.append(.end)
      case UInt8(ascii: "r"): keys.append(.resize)
      case UInt8(ascii: "a"): keys.append(.append)
      case UInt8(ascii: "p"): keys.append(.prepend)
      case UInt8(ascii: "x"): keys.append(.delete)
      case UInt8(ascii: "s"): keys.append(.shuffle)
      case UInt8(ascii: "q"), 3: keys.append(.quit)
      case UInt8(ascii: "h"): keys.append(.focusLeft)
      case UInt8(ascii: "l"): keys.append(.focusRight)
      case 0x0D, 0x0A, UInt8(ascii: "v"): keys.append(.toggleSelection)
      default: break
      }
    }
    return keys
  }
}
