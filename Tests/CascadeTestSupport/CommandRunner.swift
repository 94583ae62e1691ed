// Runs the package's built executables (`cascade`, `cascade-gallery`, `cascade-bench`), as a
// user would, and captures everything they print.

import Foundation

/// What one run of an executable produced.
package struct CommandResult: Equatable, CustomStringConvertible {
  package var stdout: String
  package var stderr: String
  package var status: Int32

  package init(stdout: String, stderr: String, status: Int32) {
    self.stdout = stdout
    self.stderr = stderr
    self.status = status
  }

  package var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Locates and runs the products built next to this test bundle.
package enum CommandRunner {
  /// The executable product `name`, found in the products directory: the directory of the
  /// running test binary (on Linux the test bundle is an executable,
  /// `…/debug/CascadePackageTests.xctest`; on macOS it sits inside
  /// `…/debug/CascadePackageTests.xctest/Contents/MacOS/`).
  package static func executable(named name: String) -> URL? {
    let candidates = [
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
      URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
    ] + Bundle.allBundles.map(\.bundleURL)
    for start in candidates {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
          return candidate
        }
        directory = directory.deletingLastPathComponent()
      }
    }
    return nil
  }

  /// Runs `<executable> arguments…` (`cascade` unless named) with `input` on standard input.
  package static func run(
    _ arguments: [String], input: String = "", executable name: String = "cascade"
  ) throws -> CommandResult {
    guard let executable = executable(named: name) else { throw RunnerError.executableNotFound(name) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Drain both outputs while writing, so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data(), err = Data()
    DispatchQueue.global().async(group: group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    return CommandResult(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus)
  }

  package enum RunnerError: Error { case executableNotFound(String) }
}

/// A successful run's result: `stdout` and exit status 0, nothing on standard error.
package func success(_ stdout: String) -> CommandResult { CommandResult(stdout: stdout, stderr: "", status: 0) }

/// A rejected input's result: one line on standard error, nothing on standard output, status 1.
package func failure(_ message: String) -> CommandResult { CommandResult(stdout: "", stderr: "error: \(message)\n", status: 1) }
