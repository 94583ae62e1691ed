import Cascade
import CascadeView

// The gallery is its own view's data source: the sample heights, boxes and header bars.

extension Gallery: CollectionViewDataSource {
  /// The sample data's sections.
  ///
  /// - Complexity: O(1).
  public func numberOfSections(in collectionView: CollectionView<GalleryCell, WaterfallLayout>) -> Int {
    data.sections.count
  }

  /// The sample data's items in `section`.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<GalleryCell, WaterfallLayout>, numberOfItemsInSection section: Int
  ) -> Int {
    data.sections[section].count
  }

  /// A one-column item of the card's estimated height, with the card's id (the view keeps its
  /// measured height by that id).
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<GalleryCell, WaterfallLayout>, layoutItemAt path: ItemPath
  ) -> WaterfallItem {
    let card = data.sections[path.section][path.item]
    return .height(card.estimatedHeight, id: .int(Int64(card.id)))
  }

  /// Cards show their id in the top border (`#12`) and their text inside.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<GalleryCell, WaterfallLayout>, cellForItemAt path: ItemPath
  ) throws(CollectionViewError) -> GalleryCell {
    let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "box", for: path)
    let card = data.sections[path.section][path.item]
    cell.kind = .item
    cell.label = "#\(card.id)"
    cell.text = card.text
    return cell
  }

  /// Headers show the section's number and item count.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<GalleryCell, WaterfallLayout>, viewForSupplementaryElementOfKind kind: ElementKind,
    inSection section: Int
  ) throws(CollectionViewError) -> GalleryCell {
    let cell = try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", inSection: section)
    cell.kind = kind
    cell.label = " Section \(section + 1) · \(data.sections[section].count) items "
    return cell
  }
}
