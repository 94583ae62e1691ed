// `cascade session`: JSON Lines in, one flushed response line per request out.

import CascadeJSON

/// The session loop.
enum SessionCommand {
  /// Answers every non-blank line of standard input until its end.
  ///
  /// - Complexity: the sum of the requests' costs (Docs/CLI.md).
  static func run() {
    var session = CascadeSession()
    var reader = LineReader()
    while let line = reader.next() {
      // A blank line is no request, so it gets no response.
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      var response = Array(session.respond(to: line).utf8)
      response.append(0x0A)
      StandardIO.write(response)
    }
  }
}
