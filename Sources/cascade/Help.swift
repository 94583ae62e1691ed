// Help texts, in the shape swift-argument-parser gives its tools.

/// The help and usage texts.
enum Help {
  static func commandName(_ command: Subcommand?) -> String {
    command.map { "cascade \($0.rawValue)" } ?? "cascade"
  }

  /// The `USAGE:` line's content.
  static func usage(_ command: Subcommand?) -> String {
    let synopsis = switch command {
    case nil: "cascade <subcommand>"
    case .layout: "cascade layout [<file>]"
    case .query: "cascade query [<file>] --rect <x,y,w,h>"
    case .render: "cascade render [<file>] --svg <out> [--rect <x,y,w,h>]"
    case .session: "cascade session"
    }
    return "Usage: \(synopsis)"
  }

  private static let fileArgument = """
    ARGUMENTS:
      <file>                  The collection document (JSON, see protocol.md). Standard
                              input when omitted or '-'.

    """

  private static let helpOption = "  -h, --help              Show help information.\n"

  /// The full help of `command`, or of the tool.
  static func text(_ command: Subcommand?) -> String {
    switch command {
    case nil:
      return """
        OVERVIEW: Lay out waterfall collections described in JSON.

        USAGE: cascade <subcommand>

        OPTIONS:
        \(helpOption)
        SUBCOMMANDS:
          layout                  Print every frame of a collection document.
          query                   Print the elements that overlap a rectangle.
          render                  Draw a collection document as SVG.
          session                 Answer JSON Lines requests on one collection.

          See 'cascade help <subcommand>' for detailed help.

        """
    case .layout:
      return """
        OVERVIEW: Print every frame of a collection document.

        Prints {"contentSize":[w,h],"sections":[{"header":frame|null,"items":[frame,...],
        "footer":frame|null}]}, a frame being [x,y,width,height].

        USAGE: cascade layout [<file>]

        \(fileArgument)
        OPTIONS:
        \(helpOption)
        """
    case .query:
      return """
        OVERVIEW: Print the elements that overlap a rectangle.

        Prints {"elements":[{"section":s,"kind":"header"|"item"|"footer","item":i,
        "frame":[x,y,w,h]},...]} in order: by section; header, items by index, footer.

        USAGE: cascade query [<file>] --rect <x,y,w,h>

        \(fileArgument)
        OPTIONS:
          --rect <x,y,w,h>        The rectangle, in content coordinates.
        \(helpOption)
        """
    case .render:
      return """
        OVERVIEW: Draw a collection document as SVG.

        Sections, headers, footers and items (labelled with their index, coloured by
        column); with --rect, the viewport and the items it shows.

        USAGE: cascade render [<file>] --svg <out> [--rect <x,y,w,h>]

        \(fileArgument)
        OPTIONS:
          --svg <out>             The SVG file to write ('-' for standard output).
          --rect <x,y,w,h>        A viewport to draw, its elements highlighted.
        \(helpOption)
        """
    case .session:
      return """
        OVERVIEW: Answer JSON Lines requests on one collection.

        Reads one request per line on standard input and writes one response line per
        request: load, append, insert, delete, update, insertSection, deleteSection,
        width, query, page, point, frame, layout (see Docs/CLI.md). Requests other than
        load fail until a collection is loaded. Blank lines are skipped.

        USAGE: cascade session

        OPTIONS:
        \(helpOption)
        """
    }
  }
}
