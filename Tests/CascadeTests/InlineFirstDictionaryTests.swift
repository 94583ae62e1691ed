// The batch validator's map with its first entry inline (`_InlineFirstDictionary`,
// Sources/Cascade/Internal/_InlineFirstDictionary.swift) against the standard library's
// `Dictionary`: golden cases by hand (the inline slot freed and taken again, a key never in both
// places), then seeded random sequences of sets, removals and look-ups over a few keys, every key
// compared with the model after every operation. The seed and the step are printed on failure.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("A map with its first entry inline")
struct InlineFirstDictionaryTests {
  final class Box {}

  @Test func goldenEntries() {
    var map = _InlineFirstDictionary<Int, String>()
    #expect(map[0] == nil)
    #expect(map.removeValue(forKey: 0) == nil)
    map[3] = "a"  // inline
    map[5] = "b"  // the dictionary
    map[3] = "c"  // inline, replaced
    #expect(map[3] == "c" && map[5] == "b" && map[4] == nil)
    #expect(map.removeValue(forKey: 3) == "c")  // the inline slot is free again
    #expect(map[3] == nil && map[5] == "b")
    // A key already in the dictionary stays there: it does not also take the free slot.
    map[5] = "d"
    #expect(map[5] == "d")
    #expect(map.removeValue(forKey: 5) == "d")
    #expect(map[5] == nil)
    map[7] = "e"
    map[7] = nil
    #expect(map[7] == nil && map.removeValue(forKey: 7) == nil)
  }

  /// A value taken out is referenced once: the map keeps no copy (the batch relies on it to
  /// mutate a section's arrays in place).
  @Test func removedValuesAreUnique() {
    var map = _InlineFirstDictionary<Int, Box>()
    map[0] = Box()
    map[1] = Box()
    var inline = map.removeValue(forKey: 0)!
    var other = map.removeValue(forKey: 1)!
    #expect(isKnownUniquelyReferenced(&inline))
    #expect(isKnownUniquelyReferenced(&other))
  }

  @Test(arguments: [1, 2, 3, 42, 1_000])
  func randomOperationsMatchADictionary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var map = _InlineFirstDictionary<Int, Int>()
    var model: [Int: Int] = [:]
    for step in 0..<2_000 {
      let key = Int(rng.next() % 6)
      let operation = rng.next() % 4
      switch operation {
      case 0, 1:
        let value = Int(rng.next() % 100)
        map[key] = value
        model[key] = value
      case 2:
        map[key] = nil
        model[key] = nil
      default:
        let removed = map.removeValue(forKey: key)
        let expected = model.removeValue(forKey: key)
        #expect(removed == expected, "seed \(seed), step \(step): removeValue(forKey: \(key))")
      }
      for k in -1..<7 where map[k] != model[k] {
        Issue.record("seed \(seed), step \(step) (operation \(operation) on \(key)): key \(k) is \(String(describing: map[k])), the model's \(String(describing: model[k]))")
        return
      }
    }
  }
}
