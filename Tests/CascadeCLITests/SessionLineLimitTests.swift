import Cascade
import CascadeTestSupport
import Foundation
import Testing

/// `cascade session --max-line-bytes N`: a line longer than the limit (16 MiB by default, the
/// newline not counted, nor the `\r` of `\r\n`) is answered with an error and skipped, without
/// being kept in memory, and the session goes on.
@Suite struct SessionLineLimitTests {
  static let load = #"{"op":"load","collection":{"width":100,"sections":[{"items":[10,20,30]}]}}"#
  static let loaded = #"{"ok":true,"contentSize":[100,50]}"#
  static let frame = #"{"op":"frame","section":0,"item":2}"#
  static let framed = #"{"ok":true,"frame":[0,20,45,30]}"#

  static func tooLong(_ limit: Int) -> String {
    #"{"ok":false,"error":"line: longer than \#(limit) bytes (--max-line-bytes); skipped"}"#
  }

  /// `request` padded with spaces to exactly `length` bytes.
  static func padded(_ request: String, to length: Int) -> String {
    request + String(repeating: " ", count: length - request.utf8.count)
  }

  @Test func aLongLineIsAnsweredWithAnErrorAndSkipped() throws {
    let limit = 100
    let input = [
      Self.load,
      Self.padded(Self.frame, to: limit),      // exactly the limit: a request
      Self.padded(Self.frame, to: limit + 1),  // one byte more: skipped
      String(repeating: "x", count: 10_000),   // not JSON, but too long first
      String(repeating: " ", count: limit + 1), // blank, but too long: still answered
      Self.frame,
    ].joined(separator: "\n") + "\n"
    let result = try CommandRunner.run(["session", "--max-line-bytes", "\(limit)"], input: input)
    #expect(result == success([
      Self.loaded, Self.framed, Self.tooLong(limit), Self.tooLong(limit), Self.tooLong(limit), Self.framed,
    ].map { $0 + "\n" }.joined()))
  }

  @Test func theLimitCountsNeitherTheNewlineNorACarriageReturnBeforeIt() throws {
    let limit = 80
    let input = Self.load + "\r\n"
      + Self.padded(Self.frame, to: limit) + "\r\n"       // limit bytes, then \r\n: a request
      + Self.padded(Self.frame, to: limit) + "\r\r\n"     // a \r inside the line counts
      + Self.padded(Self.frame, to: limit + 1)             // too long at the end of input, no newline
    let result = try CommandRunner.run(["session", "--max-line-bytes=\(limit)"], input: input)
    #expect(result == success([Self.loaded, Self.framed, Self.tooLong(limit), Self.tooLong(limit)].map { $0 + "\n" }.joined()))
  }

  @Test func theDefaultLimitIs16MiB() throws {
    let limit = 16 << 20
    let input = [Self.load, Self.padded(Self.frame, to: limit), Self.padded(Self.frame, to: limit + 1), Self.frame]
      .joined(separator: "\n") + "\n"
    let result = try CommandRunner.run(["session"], input: input)
    #expect(result == success([Self.loaded, Self.framed, Self.tooLong(limit), Self.framed].map { $0 + "\n" }.joined()))
  }

  @Test func aLongLineIsNotKeptInMemory() throws {
    // A 192 MiB line against a 1 MiB limit: the session's peak resident memory stays far below
    // the line's size (it holds at most the limit and one 1 MiB read).
    guard let executable = CommandRunner.executable(named: "cascade") else { throw CommandRunner.RunnerError.executableNotFound("cascade") }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["session", "--max-line-bytes", "\(1 << 20)"]
    let stdin = Pipe(), stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    nonisolated(unsafe) var output = Data()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { output = stdout.fileHandleForReading.readDataToEndOfFile() }
    let block = Data(repeating: UInt8(ascii: "["), count: 1 << 20)
    for _ in 0..<192 { stdin.fileHandleForWriting.write(block) }
    stdin.fileHandleForWriting.write(Data(("\n" + Self.load + "\n").utf8))
    // The whole line has been read (the load after it is being answered) before the peak is read.
    Thread.sleep(forTimeInterval: 0.5)
    let peak = Self.peakResidentBytes(process.processIdentifier)
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    #expect(String(decoding: output, as: UTF8.self) == Self.tooLong(1 << 20) + "\n" + Self.loaded + "\n")
    #expect(process.terminationStatus == 0)
    let megabytes = Double(peak ?? 0) / 1_048_576
    #expect(peak != nil && megabytes < 100, "peak resident memory \(megabytes) MB for a 192 MiB line")
  }

  /// `VmHWM` of a running process: its peak resident memory.
  static func peakResidentBytes(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
    return kilobytes * 1024
  }

  @Test func theLimitMustBeAPositiveInteger() throws {
    for value in ["0", "-1", "abc", "1.5", ""] {
      #expect(try CommandRunner.run(["session", "--max-line-bytes", value]) == CommandLineTests.usageError(
        "invalid value for '--max-line-bytes': expected an integer >= 1, got '\(value)'", "session"))
    }
    #expect(try CommandRunner.run(["session", "--max-line-bytes"])
      == CommandLineTests.usageError("missing value for '--max-line-bytes'", "session"))
  }
}
