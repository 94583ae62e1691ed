// `cascade session`: JSON Lines in, one flushed response line per request out.

import CascadeJSON

/// The session loop.
enum SessionCommand {
  /// Answers every non-blank line of standard input until its end; a line longer than
  /// `maxLineBytes` is answered with an error and skipped, without being kept in memory.
  ///
  /// - Complexity: the sum of the requests' costs (Docs/CLI.md); memory O(maxLineBytes) for
  ///   the line, whatever the input.
  static func run(maxLineBytes: Int = CascadeCommand.defaultMaxLineBytes) {
    var session = CascadeSession()
    var reader = LineReader(limit: maxLineBytes)
    while let next = reader.next() {
      var response: [UInt8]
      switch next {
      case .tooLong:
        response = tooLong(maxLineBytes)
      case .line(let line):
        // A blank line is no request, so it gets no response.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
        response = Array(session.respond(to: line).utf8)
      }
      response.append(0x0A)
      StandardIO.write(response)
    }
  }

  /// The error line of a line past the limit.
  static func tooLong(_ limit: Int) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("ok"); writer.bool(false)
    writer.key("error"); writer.string("line: longer than \(limit) bytes (--max-line-bytes); skipped")
    writer.endObject()
    return writer.bytes
  }
}
