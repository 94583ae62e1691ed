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
///
/// A line longer than `limit` bytes (the `\n` not counted, nor the `\r` of a `\r\n` ending) is
/// not kept: once more than `limit` bytes of it are pending, they are dropped, and the rest of
/// the line is read chunk by chunk and dropped up to its newline, so memory stays within `limit`
/// plus one chunk whatever the line's length; the reader then reports ``Line/tooLong``.
struct LineReader {
  /// What the reader found next.
  enum Line: Equatable {
    /// A line, without its `\n` (or `\r\n`).
    case line([UInt8])
    /// A line longer than the limit, skipped.
    case tooLong
  }

  /// The longest line kept, in bytes.
  let limit: Int
  private var buffer: [UInt8] = []
  /// What each `read` fills; its bytes are then appended to `buffer`.
  private var chunk = [UInt8](repeating: 0, count: 1 << 20)
  private var start = 0
  /// Where the search for the next newline resumes: bytes before it hold none.
  private var searched = 0
  private var finished = false
  /// Inside a line already known to be too long: bytes are dropped up to its newline.
  private var skipping = false

  init(limit: Int = .max) { self.limit = limit }

  /// The next line, or `nil` at the end of input; `beforeReading` runs before each `read` of
  /// standard input (which may block), so a caller can flush what it has answered so far.
  ///
  /// - Complexity: O(b) for the b bytes read; memory O(limit + chunk).
  mutating func next(beforeReading: () -> Void = {}) -> Line? {
    while true {
      if skipping {
        // The buffer is empty: read a chunk, keep what follows the line's newline if it has one.
        beforeReading()
        let count = read()
        if count <= 0 {
          skipping = false
          return .tooLong
        }
        if let newline = Self.newline(in: chunk, from: 0, to: count) {
          buffer.append(contentsOf: chunk[(newline + 1)..<count])
          skipping = false
          return .tooLong
        }
        continue
      }
      if let newline = Self.newline(in: buffer, from: Swift.max(start, searched), to: buffer.count) {
        var end = newline
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        let line: Line = end - start > limit ? .tooLong : .line(Array(buffer[start..<end]))
        start = newline + 1
        searched = start
        return line
      }
      searched = buffer.count
      // No newline yet. More than `limit` bytes pending means too long, unless exactly one more
      // and it is a `\r` that a `\n` may follow.
      let pending = buffer.count - start
      if pending > limit && (pending - limit > 1 || buffer.last != 0x0D) {
        skipping = true
        buffer.removeAll(keepingCapacity: true)
        start = 0
        searched = 0
        continue
      }
      if finished {
        guard start < buffer.count else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        return line.count > limit ? .tooLong : .line(line)
      }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        searched -= start
        start = 0
      }
      beforeReading()
      let count = read()
      if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
    }
  }

  /// The index of the first `\n` in `bytes[from..<to]`, or `nil`.
  private static func newline(in bytes: [UInt8], from: Int, to: Int) -> Int? {
    guard from < to else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, let found = memchr(base + from, 0x0A, to - from) else { return nil }
      return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
  }

  /// Reads into `chunk`: the count read, or 0 at the end of input (which it records).
  private mutating func read() -> Int {
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { finished = true; return 0 }
      return count
    }
  }
}
