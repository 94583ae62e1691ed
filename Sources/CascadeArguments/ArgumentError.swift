// Why a parse stops before the command runs: help was asked for, or the command line is wrong.
// Both carry what to print and the exit status, so every executable reports them alike.

/// A command line that does not run the command: a request for help (exit 0, the help on
/// standard output) or a usage error (exit 2, on standard error):
///
///     error: unknown option '--fram' (did you mean '--frames'?)
///     Usage: cascade-gallery [--frames <n>] [--size <cols>x<rows>] [--seed <n>]
///       See 'cascade-gallery --help' for more information.
package struct ArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What stopped the parse.
  package enum Kind: Hashable, Sendable {
    /// `-h`, `--help` or `help`: ``ArgumentError/message`` is the generated help.
    case helpRequested
    /// A wrong command line: ``ArgumentError/message`` says what was wrong.
    case invalid
  }

  /// What stopped the parse.
  package var kind: Kind
  /// The help text, or what was wrong (`missing value for '--rect'`).
  package var message: String
  /// The command concerned, as typed: `cascade query`.
  package var commandName: String
  /// Its usage line without `Usage: `: `cascade query [<file>] --rect <x,y,w,h>`.
  package var usage: String

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  package init(_ kind: Kind, _ message: String, commandName: String, usage: String) {
    self.kind = kind
    self.message = message
    self.commandName = commandName
    self.usage = usage
  }

  /// What to print: the help, or the error, the usage line and where to find help, each line
  /// ending in a newline.
  ///
  /// - Complexity: O(m + u) for the message's and the usage's lengths.
  package var output: String {
    switch kind {
    case .helpRequested:
      return message
    case .invalid:
      return "error: \(message)\n\(_wrapUsage("Usage: \(usage)"))\n"
        + "  See '\(commandName) --help' for more information.\n"
    }
  }

  /// Whether ``output`` goes to standard error: for usage errors, not for help.
  ///
  /// - Complexity: O(1).
  package var isError: Bool { kind == .invalid }

  /// The exit status: 0 after help, 2 for a usage error.
  ///
  /// - Complexity: O(1).
  package var exitStatus: Int32 { kind == .invalid ? 2 : 0 }

  /// ``output``.
  ///
  /// - Complexity: O(m + u) for the message's and the usage's lengths.
  package var description: String { output }
}

/// The candidate closest to `typed`, when it is close enough to be what was meant: at most two
/// edits away (and fewer than half the candidate's length), or the only candidate that `typed`
/// begins. Leading dashes are compared too, so `-frames` suggests `--frames`.
///
/// - Complexity: O(c·n·m) for c candidates of length m and a typed word of length n.
func _suggestion(for typed: String, among candidates: [String]) -> String? {
  let word = Array(typed)
  var best: (candidate: String, distance: Int)?
  for candidate in candidates {
    let distance = _editDistance(word, Array(candidate))
    if distance <= 2 && 2 * distance < candidate.count && distance < (best?.distance ?? .max) {
      best = (candidate, distance)
    }
  }
  if let best { return best.candidate }
  let bare = typed.drop { $0 == "-" }
  guard bare.count >= 2 else { return nil }
  let extensions = candidates.filter { $0.drop { $0 == "-" }.hasPrefix(bare) }
  return extensions.count == 1 ? extensions.first : nil
}

/// The Levenshtein distance: the fewest insertions, deletions and substitutions from `a` to `b`.
///
/// - Complexity: O(n·m) time, O(m) space.
func _editDistance(_ a: [Character], _ b: [Character]) -> Int {
  var previous = Array(0...b.count)
  var current = previous
  for (i, x) in a.enumerated() {
    current[0] = i + 1
    for (j, y) in b.enumerated() {
      current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
