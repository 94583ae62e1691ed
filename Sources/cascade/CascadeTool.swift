// The command line, declared once: the parser and the help both come from these declarations
// (CascadeArguments); then the dispatch to a subcommand and the exit codes.
//
// Map:
//   CascadeTool.swift     the declarations, dispatch, exit codes
//   Commands.swift        layout, query and render
//   SessionCommand.swift  the JSON Lines loop
//   SVGRenderer.swift     the drawing of `render`
//   StandardIO.swift      reading files and standard input, writing output

import Cascade
import CascadeArguments
import CascadeJSON

/// The subcommands, as typed.
enum Subcommand: String, CaseIterable {
  case layout, query, render, session
}

extension Subcommand {
  /// What the subcommand accepts, and its help.
  var declaration: Command {
    switch self {
    case .layout:
      Command(
        "layout", abstract: "Print every frame of a collection document.",
        discussion: """
          Prints {"contentSize":[w,h],"sections":[{"header":frame|null,"items":[frame,...],
          "footer":frame|null}]}, a frame being [x,y,width,height].
          """,
        arguments: [CascadeCommand.file])
    case .query:
      Command(
        "query", abstract: "Print the elements that overlap a rectangle.",
        discussion: """
          Prints {"elements":[{"section":s,"kind":"header"|"item"|"footer","item":i,
          "frame":[x,y,w,h]},...]} in order: by section; header, items by index, footer.
          """,
        arguments: [CascadeCommand.file], options: [CascadeCommand.rect])
    case .render:
      Command(
        "render", abstract: "Draw a collection document as SVG.",
        discussion: """
          Sections, headers, footers and items (labelled with their index, coloured by
          column); with --rect, the viewport and the items it shows.
          """,
        arguments: [CascadeCommand.file], options: [CascadeCommand.svg, CascadeCommand.viewport])
    case .session:
      Command(
        "session", abstract: "Answer JSON Lines requests on one collection.",
        discussion: """
          Reads one request per line on standard input and writes one response line per
          request: load, append, insert, delete, update, insertSection, deleteSection,
          width, query, page, point, frame, layout (see Docs/CLI.md). Requests other than
          load fail until a collection is loaded. Blank lines are skipped. A line longer
          than --max-line-bytes is answered with an error and skipped.
          """,
        options: [CascadeCommand.maxLineBytes])
    }
  }
}

/// A parsed command line.
struct Invocation {
  var command: Subcommand
  var file: String?
  var rect: Rect?
  var svg: String?
  /// `--max-line-bytes` of `session`.
  var maxLineBytes = CascadeCommand.defaultMaxLineBytes
}

/// Why the tool stops without doing its work, once the command line is parsed.
enum ToolExit: Error {
  /// The input is wrong: one line on standard error, exit 1.
  case failure(String)
}

/// What `cascade` accepts.
enum CascadeCommand {
  /// `[<file>]`: the document, standard input when omitted or `-`.
  static let file = Argument<String>(
    "file", help: "The collection document (JSON, see Docs/Spec/Protocol.md). Standard input when omitted or '-'.",
    isOptional: true)

  /// `--rect x,y,w,h` of `query`.
  static let rect = Option<Rect>(
    "--rect", valueName: "x,y,w,h", help: "The rectangle, in content coordinates.", expecting: rectExpectation,
    isRequired: true, transform: parseRect)

  /// `--rect x,y,w,h` of `render`.
  static let viewport = Option<Rect>(
    "--rect", valueName: "x,y,w,h", help: "A viewport to draw, its elements highlighted.", expecting: rectExpectation,
    transform: parseRect)

  /// `--svg <out>` of `render`.
  static let svg = Option<String>(
    "--svg", valueName: "out", help: "The SVG file to write ('-' for standard output).", isRequired: true)

  /// The session's line limit when `--max-line-bytes` is not given: 16 MiB (Docs/Spec/Protocol.md).
  static let defaultMaxLineBytes = 16 << 20

  /// `--max-line-bytes <n>` of `session`: the longest line read as a request.
  static let maxLineBytes = Option<Int>(
    "--max-line-bytes", valueName: "n",
    help: "The longest request line, in bytes, the newline not counted. A longer line is answered with an error and skipped.",
    expecting: "an integer >= 1", default: defaultMaxLineBytes, defaultDescription: "\(defaultMaxLineBytes)"
  ) { text in Int(text).flatMap { $0 >= 1 ? $0 : nil } }

  /// The whole tool.
  static let tool = Command(
    "cascade", abstract: "Lay out waterfall collections described in JSON.",
    subcommands: Subcommand.allCases.map(\.declaration))

  /// What a valid `--rect` looks like, for its error.
  static let rectExpectation = "four finite numbers x,y,w,h"

  /// `x,y,w,h`: four finite numbers, spaces around them allowed.
  static func parseRect(_ text: String) -> Rect? {
    let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
          x.isFinite, y.isFinite, w.isFinite, h.isFinite else { return nil }
    return Rect(x: x, y: y, width: w, height: h)
  }
}

/// The `cascade` tool.
enum CascadeTool {
  /// Runs the tool with `arguments` (without the program name) and returns the exit status:
  /// 0, 1 for a bad input (one line on standard error), 2 for a wrong command line.
  ///
  /// - Complexity: that of the subcommand.
  static func run(_ arguments: [String]) -> Int32 {
    let invocation: Invocation
    do throws(ArgumentError) {
      invocation = try Invocation(CascadeCommand.tool.parse(arguments))
    } catch {
      error.print()
      return error.exitStatus
    }
    do throws(ToolExit) {
      try execute(invocation)
      return 0
    } catch {
      switch error {
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
    case .session: SessionCommand.run(maxLineBytes: invocation.maxLineBytes)
    }
  }
}

extension Invocation {
  /// The invocation a parsed command line asks for.
  init(_ parsed: ParsedCommand) {
    // The tool's subcommands are declared from the enum's cases, so the name is always one.
    command = parsed.path.last.flatMap(Subcommand.init(rawValue:)) ?? .session
    file = parsed[CascadeCommand.file].flatMap { $0 == "-" ? nil : $0 }
    rect = command == .query ? parsed[CascadeCommand.rect] : parsed[CascadeCommand.viewport]
    svg = parsed[CascadeCommand.svg]
    maxLineBytes = parsed[CascadeCommand.maxLineBytes] ?? CascadeCommand.defaultMaxLineBytes
  }
}
