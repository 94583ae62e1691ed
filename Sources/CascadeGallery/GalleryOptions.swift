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
  /// Print the usage and exit.
  public var help = false

  /// The usage text.
  public static let usage = """
    usage: cascade-gallery [--frames N] [--size COLSxROWS] [--seed N]

    Shows a scrolling waterfall in the terminal through Cascade's headless collection view.
    Keys: arrows or j/k scroll a row, PgUp/PgDn or b/space a page, Home/End or g/G the ends,
    r cycles the width (and the columns), a appends a page of items, q quits.

      --frames N         print N frames as plain text, scrolling by itself, and exit
                         (the default, with 3 frames, when stdin or stdout is not a terminal)
      --size COLSxROWS   the size of non-interactive frames (default 80x24)
      --seed N           the seed of the sample data (default 1)
      -h, --help         show this help
    """

  /// Creates the default options.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Parses the arguments (without the program name).
  ///
  /// - Throws: a ``GalleryUsageError`` that says what was wrong.
  /// - Complexity: O(n) for n arguments.
  public static func parse(_ arguments: [String]) throws(GalleryUsageError) -> GalleryOptions {
    var options = GalleryOptions()
    var rest = arguments[...]
    func value(_ name: String) throws(GalleryUsageError) -> String {
      guard let value = rest.popFirst() else { throw GalleryUsageError("missing value for '\(name)'") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--frames":
        guard let n = Int(try value(argument)), n >= 1 else { throw GalleryUsageError("'--frames' needs a whole number >= 1") }
        options.frames = n
      case "--size":
        let text = try value(argument)
        let parts = text.split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c >= 10, r >= 3, c <= 1000, r <= 1000 else {
          throw GalleryUsageError("'--size' needs COLSxROWS, at least 10x3, like 80x24 (got '\(text)')")
        }
        options.columns = c
        options.rows = r
      case "--seed":
        guard let n = UInt64(try value(argument)) else { throw GalleryUsageError("'--seed' needs a whole number >= 0") }
        options.seed = n
      case "-h", "--help":
        options.help = true
      default:
        throw GalleryUsageError("unknown option '\(argument)'")
      }
    }
    return options
  }
}

/// A command line the gallery does not understand.
public struct GalleryUsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong.
  public var message: String

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
