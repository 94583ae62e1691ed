// A small tool declared for the tests: a root flag, two subcommands, positional arguments of
// two types, options of one and of two values, a default, a required option, a hidden one.

import CascadeArguments

enum Fixture {
  static let verbose = Flag("--verbose", short: "v", help: "Say more.")
  static let file = Argument<String>("file", help: "The input. Standard input when omitted or '-'.", isOptional: true)
  static let count = Argument<Int>("count", help: "How many.", expecting: "a whole number") { Int($0) }
  static let rect = Option<[Double]>(
    "--rect", valueName: "x,y,w,h", help: "The rectangle.", expecting: "four numbers x,y,w,h", isRequired: true
  ) { text in
    let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }
    return numbers.count == 4 && !text.hasSuffix(",") ? numbers : nil
  }
  static let frames = Option<Int>(
    "--frames", short: "f", valueName: "n", help: "Frames to print.", expecting: "a whole number >= 1", default: 3,
    defaultDescription: "3"
  ) { text in Int(text).flatMap { $0 >= 1 ? $0 : nil } }
  static let chart = Option<[String]>(
    "--chart", valueNames: ["results.json", "out.svg"], help: "Draw the chart of a results file, and exit.",
    expecting: "two files"
  ) { $0 }
  static let name = Option<String>("--name", valueName: "name", help: "A name.")
  static let quick = Flag("--quick", help: "Fewer samples.")
  static let secret = Option<String>("--secret", valueName: "s", help: "Internal.", isHidden: true)

  static let draw = Command(
    "draw", abstract: "Draw a rectangle.",
    discussion: """
      Draws the rectangle of --rect in the input's coordinates,
      as lines of text.
      """,
    arguments: [file], options: [rect, frames, chart, name, quick, secret])
  static let tally = Command("tally", abstract: "Count to <count>.", arguments: [count])
  static let tool = Command("tool", abstract: "A tool for the tests.", options: [verbose], subcommands: [draw, tally])
}

/// `tool.parse(arguments)`, or the error.
func parse(_ arguments: [String], _ command: Command = Fixture.tool) -> Result<ParsedCommand, ArgumentError> {
  do throws(ArgumentError) {
    return .success(try command.parse(arguments))
  } catch {
    return .failure(error)
  }
}

/// The message of the usage error that parsing `arguments` stops at, or `nil` when it does not.
func usageError(_ arguments: [String], _ command: Command = Fixture.tool) -> String? {
  guard case .failure(let error) = parse(arguments, command), error.kind == .invalid else { return nil }
  return error.message
}

/// The help that `arguments` ask for, or `nil` when they do not.
func help(_ arguments: [String], _ command: Command = Fixture.tool) -> String? {
  guard case .failure(let error) = parse(arguments, command), error.kind == .helpRequested else { return nil }
  return error.message
}
