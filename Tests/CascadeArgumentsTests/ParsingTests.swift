// Declared options and arguments in, typed values or an exact error message out.

import CascadeArguments
import Testing

@Suite struct ParsingTests {
  @Test func valuesAndDefaults() throws {
    let parsed = try parse(["draw", "--rect", "1,2,3,4"]).get()
    #expect(parsed.path == ["tool", "draw"])
    #expect(parsed.command.name == "draw")
    #expect(parsed[Fixture.rect] == [1, 2, 3, 4])
    #expect(parsed[Fixture.frames] == 3)
    #expect(parsed[Fixture.quick] == false)
    #expect(parsed[Fixture.verbose] == false)
    #expect(parsed[Fixture.file] == nil)
    #expect(parsed[Fixture.name] == nil)
    #expect(parsed[Fixture.chart] == nil)
  }

  @Test func everyFormOfOption() throws {
    let parsed = try parse([
      "-v", "draw", "in.json", "--rect=0,0,1,1", "-f", "5", "--quick", "--chart", "a.json", "b.svg", "--name=x=y",
      "--secret", "s",
    ]).get()
    #expect(parsed[Fixture.verbose])
    #expect(parsed[Fixture.file] == "in.json")
    #expect(parsed[Fixture.rect] == [0, 0, 1, 1])
    #expect(parsed[Fixture.frames] == 5)
    #expect(parsed[Fixture.quick])
    #expect(parsed[Fixture.chart] == ["a.json", "b.svg"])
    #expect(parsed[Fixture.name] == "x=y")
    #expect(parsed[Fixture.secret] == "s")
  }

  @Test func valuesThatLookLikeOptions() throws {
    // A negative number and `-` are values; the last of a repeated option wins.
    let parsed = try parse(["draw", "--rect", "-1,-2,3,4", "--name", "-", "-f", "2", "--frames", "7"]).get()
    #expect(parsed[Fixture.rect] == [-1, -2, 3, 4])
    #expect(parsed[Fixture.name] == "-")
    #expect(parsed[Fixture.frames] == 7)
    // An empty value after `=` is a value.
    #expect(try parse(["draw", "--rect=1,2,3,4", "--name="]).get()[Fixture.name] == "")
  }

  @Test func positionals() throws {
    #expect(try parse(["draw", "-", "--rect", "1,2,3,4"]).get()[Fixture.file] == "-")
    // After `--`, everything is positional.
    let parsed = try parse(["draw", "--rect", "1,2,3,4", "--", "--quick"]).get()
    #expect(parsed[Fixture.file] == "--quick")
    #expect(parsed[Fixture.quick] == false)
    #expect(try parse(["tally", "12"]).get()[Fixture.count] == 12)
    #expect(try parse(["tally", "--", "-3"]).get()[Fixture.count] == -3)
  }

  @Test func aCommandWithoutSubcommands() throws {
    let parsed = try parse(["x.json", "--rect", "1,2,3,4"], Fixture.draw).get()
    #expect(parsed.path == ["draw"])
    #expect(parsed[Fixture.file] == "x.json")
  }

  @Test func errorMessages() {
    let cases: [([String], String)] = [
      ([], "missing subcommand"),
      (["--", "draw"], "missing subcommand"),
      (["paint"], "unknown subcommand 'paint' (expected one of draw, tally)"),
      (["drw"], "unknown subcommand 'drw' (did you mean 'draw'?)"),
      (["--verbos"], "unknown option '--verbos' (did you mean '--verbose'?)"),
      (["draw", "--fram", "2"], "unknown option '--fram' (did you mean '--frames'?)"),
      (["draw", "-frames", "2"], "unknown option '-frames' (did you mean '--frames'?)"),
      (["draw", "--cha", "a", "b"], "unknown option '--cha' (did you mean '--chart'?)"),
      (["draw", "--zzz"], "unknown option '--zzz'"),
      (["draw", "-x"], "unknown option '-x'"),
      // A hidden option is accepted but never suggested.
      (["draw", "--secre", "s"], "unknown option '--secre'"),
      (["draw", "--verbose"], "unknown option '--verbose'"),
      (["draw", "--rect"], "missing value for '--rect'"),
      (["draw", "--rect", "--quick"], "missing value for '--rect'"),
      (["draw", "--rect", "-f"], "missing value for '--rect'"),
      (["draw", "--chart", "a.json"], "missing value for '--chart'"),
      (["draw", "--rect", "1,2"], "invalid value for '--rect': expected four numbers x,y,w,h, got '1,2'"),
      (["draw", "--rect=1,2,3,4,"], "invalid value for '--rect': expected four numbers x,y,w,h, got '1,2,3,4,'"),
      (["draw", "--rect", "1,2,3,4", "-f", "0"], "invalid value for '--frames': expected a whole number >= 1, got '0'"),
      (["draw", "--quick=yes"], "'--quick' takes no value"),
      (["draw"], "missing '--rect <x,y,w,h>'"),
      (["draw", "a", "b", "--rect", "1,2,3,4"], "unexpected argument 'b'"),
      (["tally"], "missing '<count>'"),
      (["tally", "x"], "invalid value for '<count>': expected a whole number, got 'x'"),
      (["tally", "1", "2"], "unexpected argument '2'"),
    ]
    for (arguments, message) in cases {
      #expect(usageError(arguments) == message, "\(arguments)")
    }
  }

  @Test func errorsComeBeforeAnythingRuns() {
    // An unknown option fails even when every other argument is fine; the first problem in
    // order is the one reported.
    #expect(usageError(["draw", "--rect", "1,2,3,4", "--zzz", "--rect", "1"]) == "unknown option '--zzz'")
    #expect(usageError(["draw", "--rect", "1", "--zzz"])
      == "invalid value for '--rect': expected four numbers x,y,w,h, got '1'")
  }

  @Test func theErrorsOutput() throws {
    guard case .failure(let error) = parse(["draw", "--fram", "2"]) else {
      Issue.record("parsed")
      return
    }
    #expect(error.kind == .invalid && error.isError && error.exitStatus == 2)
    #expect(error.commandName == "tool draw")
    #expect(error.usage == "tool draw [<file>] --rect <x,y,w,h> [--frames <n>] [--chart <results.json> <out.svg>] [--name <name>] [--quick]")
    #expect(error.output == """
      error: unknown option '--fram' (did you mean '--frames'?)
      Usage: tool draw [<file>] --rect <x,y,w,h> [--frames <n>]
             [--chart <results.json> <out.svg>] [--name <name>] [--quick]
        See 'tool draw --help' for more information.

      """)
    #expect(error.description == error.output)
    let root = usageErrorOutput(["paint"])
    #expect(root == """
      error: unknown subcommand 'paint' (expected one of draw, tally)
      Usage: tool <subcommand>
        See 'tool --help' for more information.

      """)
  }

  func usageErrorOutput(_ arguments: [String]) -> String? {
    guard case .failure(let error) = parse(arguments) else { return nil }
    return error.output
  }
}
