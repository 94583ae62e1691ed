import Cascade

/// What a collection view tells the toolkit as elements come and go.
///
/// Every requirement has an empty default, so a delegate implements only what it needs. The
/// view holds its delegate weakly. After each change of the displayed set (a scroll, a bounds
/// change, a batch of updates, a reload) the calls come in this order, each list in spec order:
/// 1. `didEndDisplaying` for every element that left (with its old path), its cell already back
///    in the pool;
/// 2. `willDisplay` for every element that came (its cell configured by the data source);
/// 3. `cancelPrefetchingForItemsAt`, then `prefetchItemsAt`, when the prefetch band changed;
/// 4. `didUpdateDisplayedElements` with the whole ``CollectionViewUpdate``;
/// 5. `collectionViewDidScroll` when the content offset changed.
///
/// A cell can be in both lists of one update: it left, went to the pool and was reused on the spot.
public protocol CollectionViewDelegate<Cell, Layout>: AnyObject {
  /// The toolkit's view type, shared by cells and supplementary views.
  associatedtype Cell: AnyObject
  /// The layout the view uses.
  associatedtype Layout: CollectionLayout

  /// `cell` is about to show the item at `path`.
  ///
  /// - Complexity: called on the scroll path; keep it cheap, and allocation-free for
  ///   allocation-free steps.
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, willDisplay cell: Cell, forItemAt path: ItemPath)

  /// `cell` no longer shows the item that was at `path`; it is back in the reuse pool.
  ///
  /// - Complexity: called on the scroll path; keep it cheap, and allocation-free for
  ///   allocation-free steps.
  func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, didEndDisplaying cell: Cell, forItemAt path: ItemPath)

  /// `view` is about to show the header or footer of `section`.
  ///
  /// - Complexity: called on the scroll path; keep it cheap, and allocation-free for
  ///   allocation-free steps.
  func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, willDisplaySupplementaryView view: Cell,
    forElementKind kind: ElementKind, inSection section: Int)

  /// `view` no longer shows the header or footer that was `section`'s.
  ///
  /// - Complexity: called on the scroll path; keep it cheap, and allocation-free for
  ///   allocation-free steps.
  func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, didEndDisplayingSupplementaryView view: Cell,
    forElementOfKind kind: ElementKind, inSection section: Int)

  /// Items entered the prefetch band, beyond the overscan in the scroll direction: start loading
  /// what their cells will need.
  ///
  /// - Complexity: called on the scroll path; keep it cheap, and allocation-free for
  ///   allocation-free steps.
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, prefetchItemsAt paths: [ItemPath])

  /// Items left the prefetch band without being displayed (the scroll turned back): stop
  /// loading for them.
  ///
  /// - Complexity: called on the scroll path; keep it cheap, and allocation-free for
  ///   allocation-free steps.
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, cancelPrefetchingForItemsAt paths: [ItemPath])

  /// The whole change of the displayed set, once the per-element calls are made.
  ///
  /// - Complexity: called on the scroll path; keep it cheap, and allocation-free for
  ///   allocation-free steps.
  func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, didUpdateDisplayedElements update: CollectionViewUpdate<Cell>)

  /// The content offset changed.
  ///
  /// - Complexity: called on the scroll path; keep it cheap, and allocation-free for
  ///   allocation-free steps.
  func collectionViewDidScroll(_ collectionView: CollectionView<Cell, Layout>)

  /// The item at `path` was selected (``CollectionView/selectItem(at:)``, or a toggle).
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, didSelectItemAt path: ItemPath)

  /// The item at `path` was deselected (``CollectionView/deselectItem(at:)``, a toggle, or a
  /// single selection replaced). Items that a batch update deletes lose their selection
  /// without this call.
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, didDeselectItemAt path: ItemPath)

  /// The focus moved to the item at `path` (`nil`: no item has the focus), by
  /// ``CollectionView/focusItem(at:scrollIntoView:)`` or ``CollectionView/moveFocus(_:)``. A
  /// batch update that moves the focused item, or deletes it, does not call it.
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, didFocusItemAt path: ItemPath?)
}

/// Empty defaults: a delegate implements only what it needs.
extension CollectionViewDelegate {
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, willDisplay cell: Cell, forItemAt path: ItemPath) {}
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, didEndDisplaying cell: Cell, forItemAt path: ItemPath) {}
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, willDisplaySupplementaryView view: Cell,
    forElementKind kind: ElementKind, inSection section: Int) {}
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, didEndDisplayingSupplementaryView view: Cell,
    forElementOfKind kind: ElementKind, inSection section: Int) {}
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(_ collectionView: CollectionView<Cell, Layout>, prefetchItemsAt paths: [ItemPath]) {}
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, cancelPrefetchingForItemsAt paths: [ItemPath]) {}
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, didUpdateDisplayedElements update: CollectionViewUpdate<Cell>) {}
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionViewDidScroll(_ collectionView: CollectionView<Cell, Layout>) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(_ collectionView: CollectionView<Cell, Layout>, didSelectItemAt path: ItemPath) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(_ collectionView: CollectionView<Cell, Layout>, didDeselectItemAt path: ItemPath) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(_ collectionView: CollectionView<Cell, Layout>, didFocusItemAt path: ItemPath?) {}
}
