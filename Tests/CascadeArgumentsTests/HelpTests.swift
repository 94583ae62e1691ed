// The help and the usage line, generated from the declarations, compared whole.

import CascadeArguments
import Testing

@Suite struct HelpTests {
  static let rootHelp = """
    OVERVIEW: A tool for the tests.

    USAGE: tool <subcommand>

    OPTIONS:
      -v, --verbose           Say more.
      -h, --help              Show help information.

    SUBCOMMANDS:
      draw                    Draw a rectangle.
      tally                   Count to <count>.

      See 'tool help <subcommand>' for detailed help.

    """

  static let drawHelp = """
    OVERVIEW: Draw a rectangle.

    Draws the rectangle of --rect in the input's coordinates,
    as lines of text.

    USAGE: tool draw [<file>] --rect <x,y,w,h> [--frames <n>]
           [--chart <results.json> <out.svg>] [--name <name>] [--quick]

    ARGUMENTS:
      <file>                  The input. Standard input when omitted or '-'.

    OPTIONS:
      --rect <x,y,w,h>        The rectangle.
      -f, --frames <n>        Frames to print. (default: 3)
      --chart <results.json> <out.svg>
                              Draw the chart of a results file, and exit.
      --name <name>           A name.
      --quick                 Fewer samples.
      -h, --help              Show help information.

    """

  @Test func rootHelp() {
    for arguments in [["--help"], ["-h"], ["help"], ["help", "paint"], ["-v", "--help"], ["--help", "--zzz"]] {
      #expect(help(arguments) == Self.rootHelp, "\(arguments)")
    }
    #expect(Fixture.tool.helpText() == Self.rootHelp)
  }

  @Test func subcommandHelp() {
    let requests = [
      ["draw", "--help"], ["draw", "-h"], ["help", "draw"], ["help", "draw", "extra"],
      // Help wins over every other problem on the command line before `--`.
      ["draw", "--zzz", "--help"], ["draw", "--rect", "-h"], ["draw", "a", "b", "--help"],
    ]
    for arguments in requests {
      #expect(help(arguments) == Self.drawHelp, "\(arguments)")
    }
    #expect(Fixture.tool.helpText(for: ["draw"]) == Self.drawHelp)
    #expect(Fixture.tool.helpText(for: ["paint"]) == nil)
    // After `--`, `--help` is an argument like any other.
    #expect(usageError(["draw", "--", "--help"]) == "missing '--rect <x,y,w,h>'")
  }

  @Test func helpIsNotAnErrorOutput() throws {
    guard case .failure(let error) = parse(["tally", "--help"]) else {
      Issue.record("parsed")
      return
    }
    #expect(error.kind == .helpRequested && !error.isError && error.exitStatus == 0)
    #expect(error.output == """
      OVERVIEW: Count to <count>.

      USAGE: tool tally <count>

      ARGUMENTS:
        <count>                 How many.

      OPTIONS:
        -h, --help              Show help information.

      """)
  }

  @Test func usageLines() {
    #expect(Fixture.tool.usage == "tool <subcommand>")
    #expect(Fixture.tally.usage == "tally <count>")
    #expect(Fixture.draw.usage
      == "draw [<file>] --rect <x,y,w,h> [--frames <n>] [--chart <results.json> <out.svg>] [--name <name>] [--quick]")
  }

  @Test func longTextIsWrappedAtEightyColumns() {
    let option = Option<String>(
      "--size", valueName: "<cols>x<rows>",
      help: "The size of the frames printed when standard output is not a terminal, in characters.",
      default: "80x24", defaultDescription: "80x24")
    let command = Command(
      "wrap", abstract: "Show how the help wraps long text, and how it keeps the line breaks of the discussion.",
      discussion: """
        A discussion line longer than eighty columns is wrapped at spaces, like an option's help text is.
        A short line stays.
        """,
      options: [option])
    #expect(command.helpText() == """
      OVERVIEW: Show how the help wraps long text, and how it keeps the line breaks of
      the discussion.

      A discussion line longer than eighty columns is wrapped at spaces, like an
      option's help text is.
      A short line stays.

      USAGE: wrap [--size <cols>x<rows>]

      OPTIONS:
        --size <cols>x<rows>    The size of the frames printed when standard output is
                                not a terminal, in characters. (default: 80x24)
        -h, --help              Show help information.

      """)
  }
}
