// The `cascade-gallery` command line, declared once (CascadeArguments): the parser, `--help`
// and the usage errors all come from these declarations.

import Cascade
import CascadeArguments

/// The `cascade-gallery` command line.
public struct GalleryOptions: Hashable, Sendable {
  /// Non-interactive: print this many frames and exit; `nil` runs interactively on a terminal.
  public var frames: Int?
  /// The terminal size for non-interactive frames, in characters.
  public var columns = 80
  /// The terminal size for non-interactive frames, in characters, status line included.
  public var rows = 24
  /// The seed of the sample data.
  public var seed: UInt64 = 1
  /// Where to record the session's scrolls and resizes as a scroll trace, if anywhere.
  public var recordTrace: String?
  /// `--horizontal`: a waterfall of rows scrolling along x.
  public var orientation = LayoutOrientation.vertical
  /// `--rtl`: mirrored, right to left.
  public var direction = LayoutDirection.leftToRight

  /// Creates the default options.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// `--frames <n>`.
  package static let framesOption = Option<Int>(
    "--frames", valueName: "n",
    help: """
      Print <n> frames as plain text, scrolling by itself, moving the focus and selecting an \
      item, and exit (3 frames when standard input or output is not a terminal).
      """,
    expecting: "a whole number >= 1"
  ) { text in Int(text).flatMap { $0 >= 1 ? $0 : nil } }

  /// `--size <cols>x<rows>`.
  package static let sizeOption = Option<GallerySize>(
    "--size", valueName: "<cols>x<rows>", help: "The size of non-interactive frames.",
    expecting: "<cols>x<rows> from 10x3 to 1000x1000, like 80x24", default: GallerySize(columns: 80, rows: 24),
    defaultDescription: "80x24"
  ) { text in
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
          (10...1000).contains(columns), (3...1000).contains(rows) else { return nil }
    return GallerySize(columns: columns, rows: rows)
  }

  /// `--seed <n>`.
  package static let seedOption = Option<UInt64>(
    "--seed", valueName: "n", help: "The seed of the sample data.", expecting: "a whole number >= 0",
    default: 1, defaultDescription: "1", transform: { UInt64($0) })

  /// `--record-trace <file>`.
  package static let recordTraceOption = Option<String>(
    "--record-trace", valueName: "file",
    help: """
      Write every scroll and resize to <file> as a scroll trace (JSON Lines, monotonic timestamps) \
      for 'cascade-bench --trace'.
      """)

  /// `--horizontal`.
  package static let horizontalFlag = Flag(
    "--horizontal", help: "Lay the waterfall out in rows and scroll it along x (Docs/Presentation.md).")

  /// `--rtl`.
  package static let rightToLeftFlag = Flag(
    "--rtl", help: "Mirror the waterfall: right to left (with --horizontal, its first items on the right).")

  /// The whole command line, and its help.
  package static let command = Command(
    "cascade-gallery", abstract: "Scroll a waterfall in the terminal through Cascade's collection view.",
    discussion: """
      Keys: arrows (and h/l) move the focus, Enter (or v) selects or deselects the focused \
      item, j/k scroll a row, PgUp/PgDn or b/space a page, Home/End or g/G the ends, r cycles \
      the width (and the columns), a appends a page of cards, p prepends cards, x deletes some, \
      s shuffles those below the top card (which stays put), q quits. Section headers stay \
      pinned at the viewport's start.
      """,
    options: [framesOption, sizeOption, seedOption, recordTraceOption, horizontalFlag, rightToLeftFlag])

  /// The options of a parsed command line.
  ///
  /// - Complexity: O(1).
  package init(_ parsed: ParsedCommand) {
    frames = parsed[Self.framesOption]
    let size = parsed[Self.sizeOption] ?? GallerySize(columns: columns, rows: rows)
    columns = size.columns
    rows = size.rows
    seed = parsed[Self.seedOption] ?? seed
    recordTrace = parsed[Self.recordTraceOption]
    if parsed[Self.horizontalFlag] { orientation = .horizontal }
    if parsed[Self.rightToLeftFlag] { direction = .rightToLeft }
  }

  /// Parses the arguments (without the program name).
  ///
  /// - Throws: ``ArgumentError``: a request for help, or what was wrong.
  /// - Complexity: O(n) for n arguments.
  package static func parse(_ arguments: [String]) throws(ArgumentError) -> GalleryOptions {
    GalleryOptions(try command.parse(arguments))
  }
}

/// The terminal size of `--size`, in characters.
package struct GallerySize: Hashable, Sendable {
  /// Characters across.
  package var columns: Int
  /// Rows, the status line included.
  package var rows: Int

  /// A size of `columns` × `rows` characters.
  ///
  /// - Complexity: O(1).
  package init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
