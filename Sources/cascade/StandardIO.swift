// Reading the document and writing output, without buffering surprises: every `write` goes out
// whole, straight to the file descriptor with no buffer in between, so a session response has
// left the process when `write` returns (the flush the session needs).

import Foundation

/// Standard input, output and error, and files.
enum StandardIO {
  /// The bytes of `path`, or of standard input when `path` is `nil`.
  static func read(_ path: String?) throws(ToolExit) -> [UInt8] {
    let name = path ?? "standard input"
    let fd = path.map { open($0, O_RDONLY) } ?? 0
    guard fd >= 0 else { throw .failure("cannot read '\(name)': \(String(cString: strerror(errno)))") }
    defer { if path != nil { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw .failure("cannot read '\(name)': \(String(cString: strerror(errno)))") }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Writes `bytes` to file descriptor `fd`, all of them.
  static func write(_ bytes: [UInt8], fd: Int32 = 1) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Writes text to standard output.
  static func write(_ text: String) { write(Array(text.utf8)) }

  /// Writes text to standard error.
  static func writeError(_ text: String) { write(Array(text.utf8), fd: 2) }

  /// Writes `bytes` to the file `path`.
  static func write(_ bytes: [UInt8], toFile path: String) throws(ToolExit) {
    if path == "-" { write(bytes); return }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw .failure("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    write(bytes, fd: fd)
  }
}

/// Standard input, line by line, in big reads: a million-item `load` is one long line.
struct LineReader {
  /// The index of the first `\n` at or after `from`, by memchr.
  static func firstNewline(in buffer: [UInt8], from: Int) -> Int? {
    guard from < buffer.count else { return nil }
    return buffer.withUnsafeBytes { raw in
      memchr(raw.baseAddress! + from, 0x0A, raw.count - from).map { raw.baseAddress!.distance(to: UnsafeRawPointer($0)) }
    }
  }

  private var buffer: [UInt8] = []
  /// What each `read` fills; its bytes are then appended to `buffer`.
  private var chunk = [UInt8](repeating: 0, count: 1 << 20)
  private var start = 0
  /// Where the search for the next newline resumes: bytes before it hold none.
  private var searched = 0
  private var finished = false

  /// The next line without its `\n` (or `\r\n`), or `nil` at the end of input;
  /// `beforeReading` runs before each `read` of standard input (which may block).
  mutating func next(beforeReading: () -> Void = {}) -> [UInt8]? {
    while true {
      if let newline = Self.firstNewline(in: buffer, from: Swift.max(start, searched)) {
        var end = newline
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        let line = Array(buffer[start..<end])
        start = newline + 1
        searched = start
        return line
      }
      searched = buffer.count
      if finished {
        guard start < buffer.count else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        return line
      }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        searched -= start
        start = 0
      }
      beforeReading()
      let count = chunk.withUnsafeMutableBytes { Foundation.read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
      if count <= 0 { finished = true }
    }
  }
}
