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
    // Responses wait in `pending` only while more requests are already read: before the reader
    // blocks for input, everything answered so far is written (a client that waits for each
    // response gets it at once); a stream of requests gets its responses in large writes.
    var pending: [UInt8] = []
    pending.reserveCapacity(1 << 16)
    func flush() {
      if !pending.isEmpty { StandardIO.write(pending); pending.removeAll(keepingCapacity: true) }
    }
    while let next = reader.next(beforeReading: flush) {
      switch next {
      case .tooLong:
        pending.append(contentsOf: tooLong(maxLineBytes))
      case .line(let line):
        // A blank line is no request, so it gets no response.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
        session.respond(to: line, appendingTo: &pending)
      }
      pending.append(0x0A)
      if pending.count >= 1 << 16 { flush() }
    }
    flush()
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
