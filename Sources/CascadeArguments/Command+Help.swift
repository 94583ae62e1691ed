// The help and the usage line, generated from the declarations in swift-argument-parser's
// layout: OVERVIEW, the discussion, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS; 80 columns, the
// labels in a column of 24 after a two-space indent.

/// The width the help is wrapped to.
let _helpWidth = 80
/// The width of the label column of ARGUMENTS, OPTIONS and SUBCOMMANDS (after two spaces).
let _labelWidth = 24

extension Command {
  /// The help of this command, or of the subcommand that `subcommandPath` names below it
  /// (`["query"]`), as `--help` prints it; `nil` when the path names no subcommand.
  ///
  /// - Complexity: O(s·d + h) for a path of d names among s subcommands each, and a help of h
  ///   characters.
  package func helpText(for subcommandPath: [String] = []) -> String? {
    var command = self, path = [name]
    for name in subcommandPath {
      guard let subcommand = command.subcommand(named: name) else { return nil }
      command = subcommand
      path.append(name)
    }
    return command._help(path: path)
  }

  /// The usage line of this command, without `Usage: `, as errors print it:
  /// `cascade query [<file>] --rect <x,y,w,h>`.
  ///
  /// - Complexity: O(a + o) for a arguments and o options.
  package var usage: String { _usage(path: [name]) }

  /// The usage line of the command at `path` (the names from the root to this command):
  /// positional arguments, then the options that are not hidden in their order, optional ones
  /// in brackets; `<subcommand>` for a command with subcommands.
  func _usage(path: [String]) -> String {
    guard subcommands.isEmpty else { return (path + ["<subcommand>"]).joined(separator: " ") }
    let options = self.options.filter { !$0.isHidden && $0.key != Command.help.spec.key }
      .map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
    return (path + arguments.map(\.synopsis) + options).joined(separator: " ")
  }

  /// The whole help of the command at `path`.
  func _help(path: [String]) -> String {
    var sections = [_wrapLines("OVERVIEW: \(abstract)", width: _helpWidth).joined(separator: "\n")]
    if let discussion { sections.append(_wrapLines(discussion, width: _helpWidth).joined(separator: "\n")) }
    sections.append(_wrapUsage("USAGE: \(_usage(path: path))"))
    if !arguments.isEmpty {
      sections.append((["ARGUMENTS:"] + arguments.map { _row("<\($0.name)>", $0.help) }).joined(separator: "\n"))
    }
    let options = self.options.filter { !$0.isHidden }.map { option in
      let label = (option.names.joined(separator: ", ") + option.valueNames.map { " " + OptionSpec.placeholder($0) }.joined())
      return _row(label, option.help + (option.defaultDescription.map { " (default: \($0))" } ?? ""))
    }
    sections.append((["OPTIONS:"] + options).joined(separator: "\n"))
    if !subcommands.isEmpty {
      sections.append((["SUBCOMMANDS:"] + subcommands.map { _row($0.name, $0.abstract) }).joined(separator: "\n"))
      sections.append("  See '\(path.joined(separator: " ")) help <subcommand>' for detailed help.")
    }
    return sections.joined(separator: "\n\n") + "\n"
  }
}

/// One row of a list: the label in its column, the help wrapped beside it (under it when the
/// label leaves it no room).
///
/// - Complexity: O(l + h) for the label's and the help's lengths.
func _row(_ label: String, _ help: String) -> String {
  let indent = String(repeating: " ", count: 2 + _labelWidth)
  let lines = _wrapLines(help, width: _helpWidth - indent.count)
  var text = "  " + label
  if label.count <= _labelWidth - 2 {
    text += String(repeating: " ", count: _labelWidth - label.count) + (lines.first ?? "")
    for line in lines.dropFirst() { text += "\n" + indent + line }
  } else {
    for line in lines { text += "\n" + indent + line }
  }
  return text
}

/// `text` in lines of at most `width` characters: its own line breaks are kept, a longer line is
/// broken at spaces (a word longer than `width` stays whole).
///
/// - Complexity: O(n) for n characters.
func _wrapLines(_ text: String, width: Int) -> [String] {
  var lines: [String] = []
  for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
    guard paragraph.count > width else {
      lines.append(String(paragraph))
      continue
    }
    var line = ""
    for word in paragraph.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
  }
  return lines
}

/// A usage line (`USAGE: ...` or `Usage: ...`) wrapped to the help's width, continuation lines
/// indented under the command's name. It breaks only between the parts of the synopsis: not
/// inside brackets, and not between an option and its `<value>`.
///
/// - Complexity: O(n) for n characters.
func _wrapUsage(_ line: String) -> String {
  var parts: [String] = [], part = "", depth = 0
  for (index, character) in zip(line.indices, line) {
    if character == "[" { depth += 1 }
    if character == "]" { depth -= 1 }
    let next = line.index(after: index)
    if character == " " && depth == 0 && next < line.endIndex && line[next] != "<" && !part.hasSuffix(":") {
      parts.append(part)
      part = ""
    } else {
      part.append(character)
    }
  }
  parts.append(part)
  let indent = String(repeating: " ", count: 7)
  var lines: [String] = [], current = ""
  for part in parts {
    if !current.isEmpty && current.count + 1 + part.count > _helpWidth {
      lines.append(current)
      current = indent + part
    } else {
      current += (current.isEmpty ? "" : " ") + part
    }
  }
  lines.append(current)
  return lines.joined(separator: "\n")
}
