// Parsing: the arguments are checked against the declarations and turned into typed values
// before the command runs, so a wrong command line never does half its work.

/// A parsed command line: the command that runs and the typed values of what it declared.
///
///     let parsed = try tool.parse(["render", "doc.json", "--svg", "out.svg"])
///     parsed.path          // ["cascade", "render"]
///     parsed[svg]          // "out.svg"
///     parsed[file]         // "doc.json"
package struct ParsedCommand: Sendable {
  /// The command names from the root to the command that runs: `["cascade", "query"]`.
  package var path: [String]
  /// The command that runs.
  package var command: Command
  /// Option values by long name, and positional values by name.
  private var values: [String: any Sendable] = [:], positionals: [String: any Sendable] = [:]
  /// The long names of the flags given.
  private var flags: Set<String> = []

  /// Nothing parsed yet for `command` at `path`.
  init(path: [String], command: Command) {
    self.path = path
    self.command = command
  }

  /// The option's value: the one given, else its default, else `nil`.
  ///
  /// - Complexity: O(1) expected.
  package subscript<Value>(option: Option<Value>) -> Value? {
    (values[option.spec.key] ?? option.spec.defaultValue) as? Value
  }

  /// Whether the flag was given.
  ///
  /// - Complexity: O(1) expected.
  package subscript(flag: Flag) -> Bool { flags.contains(flag.spec.key) }

  /// The positional argument's value, or `nil` when it was omitted.
  ///
  /// - Complexity: O(1) expected.
  package subscript<Value>(argument: Argument<Value>) -> Value? {
    positionals[argument.spec.name] as? Value
  }

  /// Records an option's value.
  mutating func set(_ spec: OptionSpec, _ value: any Sendable) {
    if spec.isFlag { flags.insert(spec.key) } else { values[spec.key] = value }
  }

  /// Records a positional argument's value.
  mutating func set(_ spec: ArgumentSpec, _ value: any Sendable) { positionals[spec.name] = value }

  /// Whether the option was given.
  func has(_ spec: OptionSpec) -> Bool { spec.isFlag ? flags.contains(spec.key) : values[spec.key] != nil }

  /// The options of an enclosing command, kept where the subcommand did not set its own.
  mutating func inherit(_ parent: ParsedCommand) {
    values.merge(parent.values) { mine, _ in mine }
    flags.formUnion(parent.flags)
  }
}

extension Command {
  /// Parses `arguments` (without the program name) against the declarations.
  ///
  /// - `-h` or `--help` anywhere before `--` (before the subcommand, for a command with
  ///   subcommands) asks for help; so does `help [<subcommand>]` where a subcommand may go.
  /// - An option's value follows it or comes after `=`: `--rect 0,0,1,1`, `--rect=0,0,1,1`.
  /// - `--` ends the options: what follows is positional. `-` alone is positional.
  /// - Every value is made by its declaration's transform here, so a bad value is a usage error.
  ///
  /// - Throws: ``ArgumentError``: `.helpRequested` with the generated help, or `.invalid` with
  ///   what was wrong: `unknown option '--fram' (did you mean '--frames'?)`,
  ///   `missing value for '--rect'`, `invalid value for '--rect': expected four finite numbers
  ///   x,y,w,h, got '1,2'`, `missing '--svg <out>'`, `unexpected argument 'b.json'`,
  ///   `missing subcommand`, `unknown subcommand 'draw' (expected one of layout, query)`.
  /// - Complexity: O(n·o) for n arguments and o declared options, plus the transforms.
  package func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedCommand {
    try _parse(arguments[...], path: [name])
  }

  private func _parse(_ arguments: ArraySlice<String>, path: [String]) throws(ArgumentError) -> ParsedCommand {
    var parsed = ParsedCommand(path: path, command: self)
    var rest = arguments
    if subcommands.isEmpty {
      let options = rest[..<(rest.firstIndex(of: "--") ?? rest.endIndex)]
      if options.contains(where: Command.isHelp) { throw helpRequest(path) }
    }
    var positionals: [String] = []
    while let argument = rest.popFirst() {
      if !subcommands.isEmpty && Command.isHelp(argument) { throw helpRequest(path) }
      if argument == "--" {
        positionals += rest
        break
      }
      if argument.hasPrefix("-") && argument != "-" {
        try parseOption(argument, &rest, into: &parsed, path: path)
        continue
      }
      guard !subcommands.isEmpty else {
        positionals.append(argument)
        continue
      }
      if let subcommand = subcommand(named: argument) {
        var result = try subcommand._parse(rest, path: path + [subcommand.name])
        result.inherit(parsed)
        return result
      }
      if argument == "help" { throw helpRequest(for: rest, path: path) }
      let names = subcommands.map(\.name)
      let hint = _suggestion(for: argument, among: names).map { "did you mean '\($0)'?" }
        ?? "expected one of \(names.joined(separator: ", "))"
      throw invalid("unknown subcommand '\(argument)' (\(hint))", path)
    }
    if !subcommands.isEmpty {
      // `--` before any subcommand leaves the subcommand missing too.
      throw invalid("missing subcommand", path)
    }
    if positionals.count > self.arguments.count {
      throw invalid("unexpected argument '\(positionals[self.arguments.count])'", path)
    }
    for (spec, text) in zip(self.arguments, positionals) {
      guard let value = spec.transform(text) else {
        throw invalid("invalid value for '<\(spec.name)>': expected \(spec.expectation), got '\(text)'", path)
      }
      parsed.set(spec, value)
    }
    if let missing = self.arguments.dropFirst(positionals.count).first(where: { !$0.isOptional }) {
      throw invalid("missing '<\(missing.name)>'", path)
    }
    if let missing = options.first(where: { $0.isRequired && !parsed.has($0) }) {
      throw invalid("missing '\(missing.synopsis)'", path)
    }
    return parsed
  }

  /// Parses the option `argument` and its values, taken from `rest`.
  private func parseOption(
    _ argument: String, _ rest: inout ArraySlice<String>, into parsed: inout ParsedCommand, path: [String]
  ) throws(ArgumentError) {
    var name = argument, inlineValue: String?
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      name = String(argument[..<equals])
      inlineValue = String(argument[argument.index(after: equals)...])
    }
    guard let spec = option(named: name) else {
      let visible = options.filter { !$0.isHidden }.flatMap(\.names)
      let hint = _suggestion(for: name, among: visible).map { " (did you mean '\($0)'?)" } ?? ""
      throw invalid("unknown option '\(name)'\(hint)", path)
    }
    if spec.isFlag {
      if inlineValue != nil { throw invalid("'\(spec.key)' takes no value", path) }
      parsed.set(spec, true)
      return
    }
    var values = inlineValue.map { [$0] } ?? []
    while values.count < spec.valueNames.count {
      guard let next = rest.first, isValue(next) else { throw invalid("missing value for '\(spec.key)'", path) }
      values.append(next)
      rest.removeFirst()
    }
    guard let value = spec.transform(values) else {
      let got = values.joined(separator: " ")
      throw invalid("invalid value for '\(spec.key)': expected \(spec.expectation), got '\(got)'", path)
    }
    parsed.set(spec, value)
  }

  /// Whether `argument` is `-h` or `--help`.
  private static func isHelp(_ argument: String) -> Bool { help.spec.names.contains(argument) }

  /// Whether `argument` can be an option's value: not `--name` and not one of the options.
  private func isValue(_ argument: String) -> Bool {
    if argument == "-" || !argument.hasPrefix("-") { return true }
    return !argument.hasPrefix("--") && option(named: argument) == nil
  }

  /// `help`, `help <subcommand>...`: the help of the deepest subcommand named, else this one's.
  private func helpRequest(for names: ArraySlice<String>, path: [String]) -> ArgumentError {
    guard let first = names.first, let subcommand = subcommand(named: first) else { return helpRequest(path) }
    return subcommand.helpRequest(for: names.dropFirst(), path: path + [subcommand.name])
  }

  private func helpRequest(_ path: [String]) -> ArgumentError {
    ArgumentError(.helpRequested, _help(path: path), commandName: path.joined(separator: " "), usage: _usage(path: path))
  }

  private func invalid(_ message: String, _ path: [String]) -> ArgumentError {
    ArgumentError(.invalid, message, commandName: path.joined(separator: " "), usage: _usage(path: path))
  }
}
