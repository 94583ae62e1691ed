import CascadeTestSupport
import Foundation
import Testing

/// A session's memory goes back to its level once a large collection is replaced by a small one:
/// `cascade session` is driven request by request and its resident memory read from
/// `/proc/<pid>/status` (a process of its own, so that no other test's allocations count).
@Suite struct SessionMemoryTests {
  /// Whether this process (and so the executables built with it) runs under AddressSanitizer.
  static let underAddressSanitizer = dlsym(nil, "__asan_init") != nil

  /// A running `cascade session`, answering one request at a time.
  final class LiveSession {
    let process = Process()
    let input = Pipe(), output = Pipe()
    private var pending = Data()

    init(environment: [String: String] = [:]) throws {
      guard let executable = CommandRunner.executable(named: "cascade") else {
        throw CommandRunner.RunnerError.executableNotFound("cascade")
      }
      process.executableURL = executable
      process.arguments = ["session"]
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    /// Sends one line and returns its response line.
    func send(_ line: [UInt8]) -> String {
      input.fileHandleForWriting.write(Data(line + [0x0A]))
      while true {
        if let newline = pending.firstIndex(of: 0x0A) {
          let response = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
          pending.removeSubrange(pending.startIndex...newline)
          return response
        }
        let data = output.fileHandleForReading.availableData
        if data.isEmpty { return "" }
        pending.append(data)
      }
    }

    func send(_ line: String) -> String { send(Array(line.utf8)) }

    /// `VmRSS`, the resident memory now, in bytes.
    var residentBytes: Int {
      let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
      return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    func close() {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }

  /// With glibc's mmap threshold fixed at 128 KiB (`MALLOC_MMAP_THRESHOLD_`), every large block
  /// goes back to the system when freed, so resident memory shows what the session holds: it
  /// comes back to within 8 MB of the baseline, round after round. (With the default, dynamic
  /// threshold, glibc keeps freed blocks of up to 32 MiB in its heap at its own discretion:
  /// 25 to 82 MB were seen after a replacement, in no order from round to round, so resident
  /// memory says nothing there about what the session holds, and is not checked.)
  @Test(.disabled(if: SessionMemoryTests.underAddressSanitizer, "ASan's quarantine and shadow memory make resident sizes meaningless"))
  func memoryReturnsAfterALargeCollectionIsReplaced() throws {
    let environment = ["MALLOC_MMAP_THRESHOLD_": "131072"]
    let slack = 8 << 20
    let session = try LiveSession(environment: environment)
    defer { session.close() }
    let small = #"{"op":"load","collection":{"width":390,"sections":[{"items":[120,80,200]}]}}"#
    #expect(session.send(small) == #"{"ok":true,"contentSize":[390,290]}"#)
    // A line of the large collection's size first, so that the line buffers have grown to it
    // before the baseline is taken: what must come back is the collection's memory.
    var large = Array(#"{"op":"load","collection":{"width":390,"layout":{"columns":4},"sections":[{"items":["#.utf8)
    for i in 0..<1_500_000 {
      if i > 0 { large.append(UInt8(ascii: ",")) }
      large += Array("\(i % 280 + 20)".utf8)
    }
    large += Array("]}]}}".utf8)
    var padding = Array(#"{"op":"layout"}"#.utf8)
    padding += [UInt8](repeating: 0x20, count: large.count - padding.count)
    #expect(session.send(padding).hasPrefix(#"{"ok":true"#))
    #expect(session.send(small).hasPrefix(#"{"ok":true"#))
    let baseline = session.residentBytes
    var levels: [Int] = []
    for round in 0..<2 {
      #expect(session.send(large).hasPrefix(#"{"ok":true,"contentSize":[390,"#))
      let loaded = session.residentBytes
      #expect(session.send(#"{"op":"query","rect":[0,1000,390,844]}"#).hasPrefix(#"{"ok":true"#))
      #expect(session.send(small) == #"{"ok":true,"contentSize":[390,290]}"#)
      let after = session.residentBytes
      let mb = { (bytes: Int) in Double(bytes) / 1_048_576 }
      // 1.5M items take ~70 MB of layout, and more while parsing.
      #expect(loaded > baseline + 40 << 20, "round \(round): loaded \(mb(loaded)) MB, baseline \(mb(baseline)) MB")
      #expect(after < baseline + slack, "round \(round): \(mb(after)) MB after replacing, baseline \(mb(baseline)) MB, loaded \(mb(loaded)) MB")
      levels.append(after)
    }
    #expect(levels.max()! - levels.min()! < 4 << 20, "the level after each replacement: \(levels.map { $0 >> 20 }) MB")
  }
}
