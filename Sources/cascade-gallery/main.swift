// cascade-gallery: the terminal gallery's thin main. Everything but the terminal (raw mode, key
// bytes, the screen) lives in the CascadeGallery library, where tests drive it.

import CascadeArguments
import CascadeGallery
import Glibc

/// Writes `text` to a file descriptor, whole, unbuffered.
func write(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { bytes in
    guard let base = bytes.baseAddress else { return }
    var done = 0
    while done < bytes.count {
      let written = write(descriptor, base + done, bytes.count - done)
      if written <= 0 { return }
      done += written
    }
  }
}

func writeOut(_ text: String) { write(text, to: STDOUT_FILENO) }

func fail(_ message: String) -> Never {
  write("cascade-gallery: \(message)\n", to: STDERR_FILENO)
  exit(1)
}

/// The terminal's size in characters, or `nil` when stdout is not a terminal.
func terminalSize() -> (columns: Int, rows: Int)? {
  var size = winsize()
  let result = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
  guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
  return (Int(size.ws_col), Int(size.ws_row))
}

// `--help` prints the help and exits 0; a wrong command line prints the error and the usage on
// standard error and exits 2.
let options = GalleryOptions(GalleryOptions.command.parseOrExit())

/// `--record-trace`: the file, opened before anything runs, and a recorder writing to it with
/// the monotonic clock; each line is flushed at once, so a session ended any way keeps its trace.
var traceFile: UnsafeMutablePointer<FILE>?
let recorder: TraceRecorder? = {
  guard let path = options.recordTrace else { return nil }
  traceFile = fopen(path, "w")
  if traceFile == nil { fail("cannot write \(path)") }
  return TraceRecorder(clock: {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }) { line in
    fputs(line, traceFile)
    fflush(traceFile)
  }
}()

let interactive = options.frames == nil && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
if !interactive {
  do {
    let gallery = try Gallery(
      columns: options.columns, rows: options.rows, seed: options.seed, orientation: options.orientation,
      direction: options.direction)
    gallery.traceRecorder = recorder
    for line in try gallery.playFrames(options.frames ?? 3) { print(line) }
  } catch {
    fail("\(error)")
  }
  if let traceFile { fclose(traceFile) }
  exit(0)
}

// Interactive: raw mode, the alternate screen, one frame per key (and per resize).
var saved = termios()
tcgetattr(STDIN_FILENO, &saved)
var raw = saved
cfmakeraw(&raw)
withUnsafeMutableBytes(of: &raw.c_cc) { cc in
  cc[Int(VMIN)] = 0
  cc[Int(VTIME)] = 2  // wake every 0.2 s to notice a resize
}
tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
writeOut("\u{1B}[?1049h\u{1B}[?25l")

func restoreTerminal(_ saved: termios) {
  var saved = saved
  writeOut("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
  tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
}

func draw(_ gallery: Gallery) {
  var lines = gallery.render()
  let status = lines.removeLast()
  writeOut("\u{1B}[H" + lines.joined(separator: "\r\n") + "\r\n\u{1B}[7m" + status + "\u{1B}[0m")
}

do {
  var size = terminalSize() ?? (80, 24)
  let gallery = try Gallery(
    columns: size.columns, rows: size.rows, seed: options.seed, orientation: options.orientation,
    direction: options.direction)
  gallery.traceRecorder = recorder
  draw(gallery)
  var buffer = [UInt8](repeating: 0, count: 64)
  loop: while true {
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    if let now = terminalSize(), now != size {
      size = now
      try gallery.resizeTerminal(columns: now.columns, rows: now.rows)
      writeOut("\u{1B}[2J")
      draw(gallery)
    }
    guard count > 0 else { continue }
    for key in GalleryKey.parse(Array(buffer[0..<count])) {
      if try gallery.handle(key) == .quit { break loop }
    }
    draw(gallery)
  }
  restoreTerminal(saved)
  if let traceFile { fclose(traceFile) }
} catch {
  restoreTerminal(saved)
  fail("\(error)")
}
