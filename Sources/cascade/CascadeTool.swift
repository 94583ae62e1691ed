// Parses the command line and dispatches to a subcommand.
//
// Map:
//   CascadeTool.swift     arguments, dispatch, exit codes
//   Help.swift            help texts and usage lines
//   Commands.swift        layout, query and render
//   SessionCommand.swift  the JSON Lines loop
//   SVGRenderer.swift     the drawing of `render`
//   StandardIO.swift      reading files and standard input, writing output

import Cascade
import CascadeJSON

/// The subcommands, as typed.
enum Subcommand: String, CaseIterable {
  case layout, query, render, session
}

/// A parsed command line.
struct Invocation {
  var command: Subcommand
  var file: String?
  var rect: Rect?
  var svg: String?
}

/// Why the tool stops without doing its work.
enum ToolExit: Error {
  /// Help was asked for: print it on standard output, exit 0.
  case help(String)
  /// The command line is wrong: an error, the usage line and a hint on standard error, exit 2.
  case usage(String, Subcommand?)
  /// The input is wrong: one line on standard error, exit 1.
  case failure(String)
}

/// The `cascade` tool.
enum CascadeTool {
  /// Runs the tool with `arguments` (without the program name) and returns the exit status.
  ///
  /// - Complexity: that of the subcommand.
  static func run(_ arguments: [String]) -> Int32 {
    do throws(ToolExit) {
      let invocation = try parse(arguments)
      try execute(invocation)
      return 0
    } catch {
      switch error {
      case .help(let text):
        StandardIO.write(text)
        return 0
      case .usage(let message, let command):
        StandardIO.writeError("error: \(message)\n\(Help.usage(command))\n  See '\(Help.commandName(command)) --help' for more information.\n")
        return 2
      case .failure(let message):
        StandardIO.writeError("error: \(message)\n")
        return 1
      }
    }
  }

  static func execute(_ invocation: Invocation) throws(ToolExit) {
    switch invocation.command {
    case .layout: try Commands.layout(invocation)
    case .query: try Commands.query(invocation)
    case .render: try Commands.render(invocation)
    case .session: SessionCommand.run()
    }
  }

  /// Parses the arguments; `--rect=x,y,w,h` and `--rect x,y,w,h` are both accepted.
  static func parse(_ arguments: [String]) throws(ToolExit) -> Invocation {
    guard let first = arguments.first else { throw .usage("missing subcommand", nil) }
    if first == "-h" || first == "--help" { throw .help(Help.text(nil)) }
    if first == "help" {
      if arguments.count > 1, let command = Subcommand(rawValue: arguments[1]) { throw .help(Help.text(command)) }
      throw .help(Help.text(nil))
    }
    guard let command = Subcommand(rawValue: first) else {
      if first.hasPrefix("-") { throw .usage("unknown option '\(first)'", nil) }
      throw .usage("unknown subcommand '\(first)' (expected one of \(Subcommand.allCases.map(\.rawValue).joined(separator: ", ")))", nil)
    }
    var invocation = Invocation(command: command)
    var rest = arguments.dropFirst()
    var positional: [String] = []
    while let argument = rest.popFirst() {
      if argument == "-h" || argument == "--help" { throw .help(Help.text(command)) }
      if argument == "--" { positional.append(contentsOf: rest); break }
      guard argument.hasPrefix("-"), argument != "-" else { positional.append(argument); continue }
      var name = argument, inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      let allowed: Set<String> = switch command {
      case .query: ["--rect"]
      case .render: ["--rect", "--svg"]
      case .layout, .session: []
      }
      guard allowed.contains(name) else { throw .usage("unknown option '\(name)'", command) }
      guard let value = inlineValue ?? rest.popFirst() else { throw .usage("missing value for '\(name)'", command) }
      if name == "--rect" { invocation.rect = try parseRect(value, command) } else { invocation.svg = value }
    }
    if command == .session && !positional.isEmpty { throw .usage("unexpected argument '\(positional[0])'", command) }
    if positional.count > 1 { throw .usage("unexpected argument '\(positional[1])'", command) }
    invocation.file = positional.first.flatMap { $0 == "-" ? nil : $0 }
    if command == .query && invocation.rect == nil { throw .usage("missing '--rect x,y,w,h'", command) }
    if command == .render && invocation.svg == nil { throw .usage("missing '--svg <out>'", command) }
    return invocation
  }

  static func parseRect(_ text: String, _ command: Subcommand) throws(ToolExit) -> Rect {
    let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
          x.isFinite, y.isFinite, w.isFinite, h.isFinite else {
      throw .usage("invalid value for '--rect': expected four finite numbers x,y,w,h, got '\(text)'", command)
    }
    return Rect(x: x, y: y, width: w, height: h)
  }
}
