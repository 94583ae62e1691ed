// The end of a parse in an executable's main: help on standard output and exit 0, a usage
// error on standard error and exit 2, else the parsed command.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Command {
  /// Parses `arguments` (by default the process's, without the program name), or prints the
  /// help or the usage error and exits with ``ArgumentError/exitStatus``.
  ///
  /// - Complexity: that of ``parse(_:)``.
  package func parseOrExit(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> ParsedCommand {
    do throws(ArgumentError) {
      return try parse(arguments)
    } catch {
      error.print()
      exit(error.exitStatus)
    }
  }
}

extension ArgumentError {
  /// Writes ``output`` whole to standard error for a usage error, to standard output for help.
  ///
  /// - Complexity: O(n) for n bytes of output.
  package func print() {
    let descriptor: Int32 = isError ? 2 : 1
    var text = output
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var done = 0
      while done < bytes.count {
        let written = write(descriptor, base + done, bytes.count - done)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        done += written
      }
    }
  }
}
