// A dictionary that holds its first entry inline. The batch validator keeps a few maps keyed by
// section or change (counts of touched sections, records converted in the check), and most
// batches touch one section with one change: with the first entry inline, such a batch
// allocates and hashes nothing for them. A second key goes to an ordinary `Dictionary`.

/// A map from `Key` to `Value` whose first entry is stored inline; the others in a `Dictionary`.
///
/// Invariant: a key is stored in at most one of the two places.
internal struct _InlineFirstDictionary<Key: Hashable, Value> {
  /// The inline entry, or `nil`.
  private var first: (key: Key, value: Value)?
  /// Every other entry.
  private var rest: [Key: Value] = [:]

  init() {}

  /// The value for `key`, or `nil`; setting `nil` removes the entry.
  ///
  /// - Complexity: O(1) for the inline entry; a dictionary look-up (amortized O(1)) otherwise.
  subscript(key: Key) -> Value? {
    get {
      if let first, first.key == key { return first.value }
      return rest.isEmpty ? nil : rest[key]
    }
    set {
      if let first, first.key == key {
        self.first = newValue.map { (key, $0) }
      } else if let newValue, first == nil, rest.isEmpty || rest[key] == nil {
        first = (key, newValue)
      } else {
        rest[key] = newValue
      }
    }
  }

  /// Removes the entry for `key` and returns its value, or `nil` when there is none.
  ///
  /// - Complexity: as the subscript.
  mutating func removeValue(forKey key: Key) -> Value? {
    if let first, first.key == key {
      self.first = nil
      return first.value
    }
    return rest.isEmpty ? nil : rest.removeValue(forKey: key)
  }
}
