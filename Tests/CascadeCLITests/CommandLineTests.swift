import CascadeTestSupport
import Testing

/// Help, usage errors and option parsing of `cascade`.
@Suite struct CommandLineTests {
  @Test func topLevelHelp() throws {
    let expected = """
      OVERVIEW: Lay out waterfall collections described in JSON.

      USAGE: cascade <subcommand>

      OPTIONS:
        -h, --help              Show help information.

      SUBCOMMANDS:
        layout                  Print every frame of a collection document.
        query                   Print the elements that overlap a rectangle.
        render                  Draw a collection document as SVG.
        session                 Answer JSON Lines requests on one collection.

        See 'cascade help <subcommand>' for detailed help.

      """
    #expect(try CommandRunner.run(["--help"]) == success(expected))
    #expect(try CommandRunner.run(["-h"]) == success(expected))
    #expect(try CommandRunner.run(["help"]) == success(expected))
  }

  @Test func subcommandHelp() throws {
    let expected = """
      OVERVIEW: Print the elements that overlap a rectangle.

      Prints {"elements":[{"section":s,"kind":"header"|"item"|"footer","item":i,
      "frame":[x,y,w,h]},...]} in order: by section; header, items by index, footer.

      USAGE: cascade query [<file>] --rect <x,y,w,h>

      ARGUMENTS:
        <file>                  The collection document (JSON, see
                                Docs/Spec/Protocol.md). Standard input when omitted or
                                '-'.

      OPTIONS:
        --rect <x,y,w,h>        The rectangle, in content coordinates.
        -h, --help              Show help information.

      """
    #expect(try CommandRunner.run(["query", "--help"]) == success(expected))
    #expect(try CommandRunner.run(["help", "query"]) == success(expected))
    for command in ["layout", "render", "session"] {
      let result = try CommandRunner.run([command, "--help"])
      #expect(result.status == 0 && result.stderr.isEmpty)
      #expect(result.stdout.hasPrefix("OVERVIEW: ") && result.stdout.contains("\nUSAGE: cascade \(command)"))
      #expect(result.stdout.hasSuffix("  -h, --help              Show help information.\n"))
    }
  }

  static func usageError(_ message: String, _ command: String) -> CommandResult {
    let usage = switch command {
    case "layout": "cascade layout [<file>]"
    case "query": "cascade query [<file>] --rect <x,y,w,h>"
    case "render": "cascade render [<file>] --svg <out> [--rect <x,y,w,h>]"
    case "session": "cascade session [--max-line-bytes <n>]"
    default: "cascade <subcommand>"
    }
    let name = command.isEmpty ? "cascade" : "cascade \(command)"
    return CommandResult(
      stdout: "", stderr: "error: \(message)\nUsage: \(usage)\n  See '\(name) --help' for more information.\n", status: 2)
  }

  @Test func usageErrors() throws {
    #expect(try CommandRunner.run(["layout", "--foo"]) == Self.usageError("unknown option '--foo'", "layout"))
    #expect(try CommandRunner.run(["query", "--foo=1"]) == Self.usageError("unknown option '--foo'", "query"))
    #expect(try CommandRunner.run(["--foo"]) == Self.usageError("unknown option '--foo'", ""))
    #expect(try CommandRunner.run([]) == Self.usageError("missing subcommand", ""))
    #expect(try CommandRunner.run(["draw"])
      == Self.usageError("unknown subcommand 'draw' (expected one of layout, query, render, session)", ""))
    #expect(try CommandRunner.run(["query"]) == Self.usageError("missing '--rect <x,y,w,h>'", "query"))
    #expect(try CommandRunner.run(["query", "--rect"]) == Self.usageError("missing value for '--rect'", "query"))
    #expect(try CommandRunner.run(["query", "--rect", "1,2,3"])
      == Self.usageError("invalid value for '--rect': expected four finite numbers x,y,w,h, got '1,2,3'", "query"))
    #expect(try CommandRunner.run(["query", "--rect", "1,2,3,inf"])
      == Self.usageError("invalid value for '--rect': expected four finite numbers x,y,w,h, got '1,2,3,inf'", "query"))
    #expect(try CommandRunner.run(["render"]) == Self.usageError("missing '--svg <out>'", "render"))
    #expect(try CommandRunner.run(["layout", "a.json", "b.json"]) == Self.usageError("unexpected argument 'b.json'", "layout"))
    #expect(try CommandRunner.run(["session", "x"]) == Self.usageError("unexpected argument 'x'", "session"))
    #expect(try CommandRunner.run(["session", "--rect", "0,0,1,1"]) == Self.usageError("unknown option '--rect'", "session"))
    #expect(try CommandRunner.run(["query", "--rct", "0,0,1,1"])
      == Self.usageError("unknown option '--rct' (did you mean '--rect'?)", "query"))
    #expect(try CommandRunner.run(["lyout"]) == Self.usageError("unknown subcommand 'lyout' (did you mean 'layout'?)", ""))
    #expect(try CommandRunner.run(["render", "--svg"]) == Self.usageError("missing value for '--svg'", "render"))
    #expect(try CommandRunner.run(["layout", "--help=1"]) == Self.usageError("'--help' takes no value", "layout"))
  }
}
