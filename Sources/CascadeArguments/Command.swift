// A small command-line parser for the package's executables, in the shape of
// swift-argument-parser without depending on it: a command declares its name, abstract,
// positional arguments, options, flags and subcommands once, and both the parsing and the help
// text come from that declaration.
//
// Map:
//   Command.swift             the command: name, abstract, discussion, declarations, subcommands
//   Declarations.swift        Option, Flag, Argument and their type-erased specs
//   Command+Parsing.swift     parse(_:) and ParsedCommand
//   Command+Help.swift        the generated help, usage line and text wrapping
//   ArgumentError.swift       help requests and usage errors, their output and exit status
//   Command+Exit.swift        parseOrExit(_:) for an executable's main

/// A command of a command-line tool: what it is called, what it does, and what it accepts.
///
///     let rect = Option<String>("--rect", valueName: "x,y,w,h", help: "The rectangle.", isRequired: true)
///     let query = Command("query", abstract: "Print the elements that overlap a rectangle.", options: [rect])
///     let tool = Command("cascade", abstract: "Lay out waterfall collections.", subcommands: [query])
///     let parsed = try tool.parse(["query", "--rect", "0,0,390,844"])
///     parsed.path        // ["cascade", "query"]
///     parsed[rect]       // "0,0,390,844"
///
/// Every command accepts `-h`/`--help`, which it lists last among its options; a command with
/// subcommands also accepts `help [<subcommand>]`.
package struct Command: Sendable {
  /// The name typed on the command line: the executable's for the root, the subcommand's below.
  package var name: String
  /// One line on what the command does, shown after `OVERVIEW:` and in the parent's list.
  package var abstract: String
  /// More on what the command does, printed under the overview as written (its line breaks are
  /// kept; a line wider than the help is wrapped).
  package var discussion: String?
  /// The positional arguments, in order.
  package var arguments: [ArgumentSpec]
  /// The options and flags, in the order the help lists them, `-h`/`--help` last.
  package var options: [OptionSpec]
  /// The subcommands; a command with subcommands takes no positional arguments.
  package var subcommands: [Command]

  /// Declares a command.
  ///
  /// - Complexity: O(a + o) for a arguments and o options.
  package init(
    _ name: String, abstract: String, discussion: String? = nil,
    arguments: [any ArgumentDeclaration] = [], options: [any OptionDeclaration] = [], subcommands: [Command] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments.map(\.spec)
    self.options = options.map(\.spec) + [Command.help.spec]
    self.subcommands = subcommands
  }

  /// `-h`, `--help`: every command's last option.
  package static let help = Flag("--help", short: "h", help: "Show help information.")

  /// The subcommand named `name`.
  ///
  /// - Complexity: O(s) for s subcommands.
  package func subcommand(named name: String) -> Command? {
    subcommands.first { $0.name == name }
  }

  /// The option or flag that `name` (`--rect`, `-h`) names.
  ///
  /// - Complexity: O(o) for o options.
  package func option(named name: String) -> OptionSpec? {
    options.first { $0.names.contains(name) }
  }
}
