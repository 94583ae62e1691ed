// Counters that show what a target exercised: with CASCADE_FUZZ_STATS=1 in the environment,
// `Stats.count` tallies events and the totals are printed when the process exits (run the
// target over its corpus, `-runs=0`, to see what the corpus covers).

import Foundation

public enum Stats {
  nonisolated(unsafe) static var counts: [String: Int] = [:]
  public static let enabled = ProcessInfo.processInfo.environment["CASCADE_FUZZ_STATS"] == "1"
  nonisolated(unsafe) static var registered = false

  @inline(__always)
  public static func count(_ event: @autoclosure () -> String) {
    guard enabled else { return }
    if !registered {
      registered = true
      atexit {
        for (key, value) in Stats.counts.sorted(by: { $0.key < $1.key }) {
          FileHandle.standardError.write(Data("stat \(key): \(value)\n".utf8))
        }
      }
    }
    counts[event(), default: 0] += 1
  }
}
