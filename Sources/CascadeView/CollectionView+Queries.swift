// Hit-testing and what is on screen.

import Cascade

extension CollectionView {
  /// The first element, in spec order, whose frame contains `point`, in content coordinates
  /// (UIKit's convention: the coordinates of the view's bounds, whose origin is the content
  /// offset), or `nil`.
  ///
  /// - Complexity: that of the layout's ``CollectionLayout/element(at:)``, O(log n).
  ///
  /// With ``pinsSectionHeaders``, headers are where they are pinned in the viewport and drawn
  /// above the items: a pinned header holding the point wins
  /// (``CollectionLayout/element(at:pinningHeadersIn:)``).
  public func element(at point: Point) -> LayoutAttributes? {
    let pinnedIn = pinsSectionHeaders ? viewport : nil
    return Self._read(&_layout) { layout in
      if let pinnedIn { return layout.element(at: point, pinningHeadersIn: pinnedIn) }
      return layout.element(at: point)
    }
  }

  /// The element under `point` given in viewport coordinates (origin at the viewport's
  /// top-left corner, as a toolkit's pointer event arrives), or `nil`.
  ///
  /// - Complexity: O(log n).
  public func element(atViewportPoint point: Point) -> LayoutAttributes? {
    element(at: Point(x: point.x + contentOffset.x, y: point.y + contentOffset.y))
  }

  /// The path of the item under `point` (content coordinates), or `nil` when no item is there.
  ///
  /// - Complexity: O(log n).
  public func indexPathForItem(at point: Point) -> ItemPath? {
    element(at: point)?.path.itemPath
  }

  /// The items whose frames overlap the viewport (not the overscan), in spec order.
  ///
  /// - Complexity: O(k) for k displayed elements.
  public var indexPathsForVisibleItems: [ItemPath] {
    let viewport = self.viewport
    return _displayed.compactMap { entry in
      entry.attributes.frame.intersects(viewport) ? entry.path.itemPath : nil
    }
  }

  /// The cells of ``indexPathsForVisibleItems``, in the same order.
  ///
  /// - Complexity: O(k) for k displayed elements.
  public var visibleCells: [Cell] {
    let viewport = self.viewport
    return _displayed.compactMap { entry in
      entry.path.kind == .item && entry.attributes.frame.intersects(viewport) ? entry.cell : nil
    }
  }

  /// Every element that has a cell (the display rect: viewport plus overscan), in spec order.
  ///
  /// - Complexity: O(k) for k displayed elements.
  public var displayedElements: [DisplayedElement<Cell>] {
    _displayed.map { DisplayedElement(attributes: $0.attributes, cell: $0.cell) }
  }

  /// The number of elements that have a cell.
  ///
  /// - Complexity: O(1).
  public var numberOfDisplayedElements: Int { _displayed.count }

  /// Calls `body` with every displayed element in spec order, without building an array.
  ///
  /// - Complexity: O(k) for k displayed elements.
  public func forEachDisplayedElement(_ body: (DisplayedElement<Cell>) throws -> Void) rethrows {
    for entry in _displayed { try body(DisplayedElement(attributes: entry.attributes, cell: entry.cell)) }
  }

  /// The cell showing the item at `path`, or `nil` when it is not displayed.
  ///
  /// - Complexity: O(log k) for k displayed elements.
  public func cellForItem(at path: ItemPath) -> Cell? {
    _displayedIndex(of: .item(path.item, section: path.section)).map { _displayed[$0].cell }
  }

  /// The view showing the header or footer of `section`, or `nil` when it is not displayed.
  ///
  /// - Complexity: O(log k) for k displayed elements.
  public func supplementaryView(forElementKind kind: ElementKind, inSection section: Int) -> Cell? {
    _displayedIndex(of: ElementPath(kind: kind, section: section)).map { _displayed[$0].cell }
  }

  /// The path and frame of the item at `path`, or `nil` outside the collection.
  ///
  /// - Complexity: O(log s) for s sections.
  public func layoutAttributesForItem(at path: ItemPath) -> LayoutAttributes? {
    Self._read(&_layout) { $0.layoutAttributesForItem(at: path) }
  }

  /// The items announced to the delegate for prefetching and not yet displayed or cancelled,
  /// in spec order.
  ///
  /// - Complexity: O(1).
  public var prefetchedItems: [ItemPath] { _prefetcher.prefetched }
}
