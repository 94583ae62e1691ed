// A section's item frames read in bulk, for writers that walk every item (the JSON layer's
// `layout` answer): no `LayoutAttributes` built and no copy of the section's storage per item.

extension WaterfallLayout {
  /// Calls `body` with the index and frame of each item of `section` from `start` on, in item
  /// order, until `body` returns `false`; returns the index of the item it stopped at, or the
  /// section's item count. Each frame is the one ``layoutAttributes(for:)`` reports for
  /// `.item(i, section: section)`, to the bit (orientation and direction included).
  ///
  ///     var frames: [Rect] = []
  ///     _ = layout.forEachItemFrame(inSection: 0) { _, frame in frames.append(frame); return true }
  ///
  /// A section outside the collection has no items: `body` is not called and the answer is
  /// `start`; a `start` below 0 starts at 0.
  ///
  /// - Complexity: O(log s + k) for s sections and k items visited: the section's origin once,
  ///   then a read of each item's record. Allocates nothing; the section's storage is reached
  ///   once, not once per item.
  @inlinable
  public func forEachItemFrame(inSection section: Int, from start: Int = 0, _ body: (_ item: Int, _ frame: Rect) -> Bool) -> Int {
    guard _storage.sections.indices.contains(section) else { return start }
    let y0 = _storage.origins.origin(of: section)
    let presentation = _presentation
    let contentWidth = presentation.isIdentity ? 0 : _storage._contentWidth(presentation)
    let geometry = _storage.sections[section].geometry
    return _storage.sections[section].records.withUnsafeBufferPointer { records in
      var i = Swift.max(0, start)
      while i < records.count {
        // As `attributes(for:_:)` computes it.
        var frame = _SectionedLayout<_Section>._item(i, section, geometry, records[i], y0).frame
        if !presentation.isIdentity { frame = presentation.frame(frame, contentWidth: contentWidth) }
        if !body(i, frame) { return i }
        i += 1
      }
      return i
    }
  }

  /// `false` when no item of `section` has an id (and for a section outside the collection),
  /// so that a writer can skip ``id(at:)`` for all of its items; `true` when some item of the
  /// section has or has had one, and ``id(at:)`` tells which.
  ///
  /// - Complexity: O(1). Allocates nothing.
  public func mayHaveItemIDs(inSection section: Int) -> Bool {
    _storage.sections.indices.contains(section) && _storage.sections[section].ids != nil
  }
}
