// Batches of changes. The algorithm is `_SectionedLayout.apply(_:)`, shared with `ListLayout`:
// validated whole against a simulation of the counts, then applied, then laid out once per dirty
// section by `_Section.layOut()`.

extension WaterfallLayout {
  /// Applies a batch of changes, in order, each to the state the previous one left.
  ///
  /// The batch is validated first, whole: an index outside the collection (at that point of the
  /// batch), an invalid item or parameter, a width that is not finite and > 0, or a section that
  /// would hold more than 2³¹ − 1 items rejects the batch with a ``LayoutError`` naming the
  /// change and the value, and the layout is left exactly as it was. Then every change is applied and each touched section is laid out once, from its
  /// first changed item.
  ///
  /// What each change recomputes, for a section of n items, c columns, s sections and a checkpoint
  /// interval B = 64:
  /// - `appendItems` (k items): only the new items, O(k·c + log s).
  /// - `insertItems`, `deleteItems`, `replaceItems`, `moveItem` at item i: items from the
  ///   checkpoint at or before i to the end of the section, O((n - i + B)·c + log s), plus the
  ///   O(n - i) shift of the storage.
  /// - later sections are never laid out again; their origin moves through the sum tree in
  ///   O(log s).
  /// - `setSectionParameters`: that section, O(n·c).
  /// - `insertSection`, `deleteSection`, `moveSection`: the inserted section's items plus O(s).
  /// - `setWidth`: every section, O(N·c) for N items in all.
  ///
  ///     try layout.apply([
  ///       .appendItems([120, 80], section: 0),
  ///       .replaceItems([.size(width: 4, height: 3)], at: 5, section: 0),
  ///       .deleteSection(at: 2),
  ///     ])
  public mutating func apply(_ changes: [WaterfallLayout.Change]) throws(LayoutError) {
    if _presentation.orientation == .vertical { try _storage.apply(changes); return }
    do { try _storage.apply(changes.map(Self._transposed)) } catch { throw error._transposed }
  }

  /// A change of a horizontal collection as its vertical storage takes it, and back: items and
  /// insets transposed, `setHeight` and `setWidth` exchanged (the storage rejects a `setHeight`,
  /// which is how a horizontal collection rejects `setWidth`).
  @usableFromInline
  static func _transposed(_ change: WaterfallLayout.Change) -> WaterfallLayout.Change {
    switch change {
    case .appendItems(let items, let s): .appendItems(items.map(\._transposedForStorage), section: s)
    case .insertItems(let items, let i, let s): .insertItems(items.map(\._transposedForStorage), at: i, section: s)
    case .replaceItems(let items, let i, let s): .replaceItems(items.map(\._transposedForStorage), at: i, section: s)
    case .insertSection(let section, let s):
      .insertSection(
        WaterfallSection(parameters: section.parameters._transposed, items: section.items.map(\._transposedForStorage)), at: s)
    case .setSectionParameters(let p, let s): .setSectionParameters(p._transposed, section: s)
    case .setWidth(let w): .setHeight(w)
    case .setHeight(let h): .setWidth(h)
    case .deleteItems, .moveItem, .deleteSection, .moveSection: change
    }
  }

  /// Applies a batch like ``apply(_:)`` and sets `inverse` to the batch that undoes it: the same
  /// items (as ``item(at:)`` returns them, remembered columns included), parameters and width,
  /// hence the same frames. With `keepColumns`, a change that makes items forget their columns
  /// (a move, new section parameters, a width that changes a section's column count) is undone
  /// and then followed by a replacement of those items as they were.
  ///
  ///     var undo: [WaterfallLayout.Change] = []
  ///     try layout.apply([.appendItems([120, 80], section: 0)], inverse: &undo)
  ///     try layout.apply(undo)   // the layout is as it was, frame for frame
  ///
  /// - Complexity: that of ``apply(_:)``, plus O(k) for k items deleted, replaced or moved (they
  ///   are kept in the inverse), O(n) for a deleted section of n items, and, with
  ///   `keepColumns`, O(n) for a section of n items that new parameters or a width make forget
  ///   their columns.
  public mutating func apply(
    _ changes: [WaterfallLayout.Change],
    inverse: inout [WaterfallLayout.Change]
  ) throws(LayoutError) {
    if _presentation.orientation == .vertical {
      try _storage.apply(changes, inverse: &inverse, recording: true)
      return
    }
    var undo: [WaterfallLayout.Change] = []
    do { try _storage.apply(changes.map(Self._transposed), inverse: &undo, recording: true) } catch { throw error._transposed }
    inverse = undo.map(Self._transposed)
  }
}

extension WaterfallLayout: _InverseCost {
  /// Whether the inverse of `changes` would keep every item of some section: with
  /// `keepColumns`, new section parameters, or a width (a height when horizontal) that changes
  /// a section's column count. O(c + s) for c changes and s sections.
  package func _inverseKeepsSections(of changes: [WaterfallLayout.Change]) -> Bool {
    guard _storage.parameters.keepColumns == true else { return false }
    let vertical = _presentation.orientation == .vertical
    // Only the changes that can make items forget, in the storage's terms (a horizontal
    // collection's height is its storage's width).
    let looked: [WaterfallLayout.Change] = changes.compactMap { change in
      switch change {
      case .setWidth(let w) where vertical: .setWidth(w)
      case .setHeight(let h) where !vertical: .setWidth(h)
      case .setSectionParameters(let p, let s): .setSectionParameters(p, section: s)
      default: nil
      }
    }
    return !looked.isEmpty && _storage.inverseKeepsSections(of: looked)
  }
}
