// The three executables parse with CascadeArguments: help on standard output with status 0, a
// wrong command line on standard error with status 2, in one shape. (`cascade`'s own command
// line is tested in full in CascadeCLITests.)

import CascadeTestSupport
import Testing

@Suite struct ExecutableCommandLineTests {
  static let galleryUsage = """
    Usage: cascade-gallery [--frames <n>] [--size <cols>x<rows>] [--seed <n>]
           [--record-trace <file>] [--horizontal] [--rtl]
    """

  @Test func galleryHelp() throws {
    let result = try CommandRunner.run(["--help"], executable: "cascade-gallery")
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("OVERVIEW: Scroll a waterfall in the terminal through Cascade's collection view.\n"))
    #expect(result.stdout.contains("\nUSAGE: cascade-gallery [--frames <n>] [--size <cols>x<rows>] [--seed <n>]\n"))
    #expect(result.stdout.contains("\n  --size <cols>x<rows>    The size of non-interactive frames. (default: 80x24)\n"))
    #expect(result.stdout.hasSuffix("\n  -h, --help              Show help information.\n"))
  }

  @Test func galleryUsageErrors() throws {
    let cases: [([String], String)] = [
      (["--fram", "3"], "unknown option '--fram' (did you mean '--frames'?)"),
      (["--frames", "0"], "invalid value for '--frames': expected a whole number >= 1, got '0'"),
      (["--size", "5x5"], "invalid value for '--size': expected <cols>x<rows> from 10x3 to 1000x1000, like 80x24, got '5x5'"),
      (["--seed"], "missing value for '--seed'"),
      (["extra"], "unexpected argument 'extra'"),
    ]
    for (arguments, message) in cases {
      let result = try CommandRunner.run(arguments, executable: "cascade-gallery")
      #expect(result == CommandResult(
        stdout: "", stderr: "error: \(message)\n\(Self.galleryUsage)\n  See 'cascade-gallery --help' for more information.\n",
        status: 2))
    }
  }

  @Test func galleryFrames() throws {
    let result = try CommandRunner.run(["--frames", "1", "--size", "20x4", "--seed", "2"], executable: "cascade-gallery")
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("--- frame 1/1 ---\n"))
    // The frame's title, then 4 rows.
    #expect(result.stdout.filter { $0 == "\n" }.count == 5)
  }

  @Test func benchHelpAndUsageErrors() throws {
    let help = try CommandRunner.run(["-h"], executable: "cascade-bench")
    #expect(help.status == 0 && help.stderr.isEmpty)
    #expect(help.stdout.hasPrefix("OVERVIEW: Benchmark Cascade against the layouts it replaces.\n"))
    #expect(help.stdout.contains("\n  --chart <results.json> <out.svg>\n"))
    #expect(!help.stdout.contains("memory-child"))
    let usage = """
      Usage: cascade-bench [--quick] [--filter <prefix>] [--json <file>]
             [--svg <file>] [--sizes <n,n,...>] [--document <file>]
             [--distribution <name>] [--seed <n>] [--trace <file[,file...]>]
             [--frame-budget-us <µs>] [--synthesize-trace <kind>] [--out <file>]
             [--export-document] [--compare <old.json>]
             [--chart <results.json> <out.svg>] [--list]
        See 'cascade-bench --help' for more information.

      """
    let cases: [([String], String)] = [
      (["--quik"], "unknown option '--quik' (did you mean '--quick'?)"),
      (["--sizes", "10,20"], "invalid value for '--sizes': expected item counts >= 1000, separated by commas, got '10,20'"),
      (["--filter", "no.such"], "invalid value for '--filter': expected the start of a benchmark name ('--list' prints them), got 'no.such'"),
      (["--json"], "missing value for '--json'"),
      (["--chart", "results.json"], "missing value for '--chart'"),
    ]
    for (arguments, message) in cases {
      let result = try CommandRunner.run(arguments, executable: "cascade-bench")
      #expect(result == CommandResult(stdout: "", stderr: "error: \(message)\n\(usage)", status: 2))
    }
  }

  @Test func benchList() throws {
    let result = try CommandRunner.run(["--list"], executable: "cascade-bench")
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(result.stdout.split(separator: "\n").contains("query.random"))
  }
}
