import Cascade
import CascadeView

extension Gallery: CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView<GalleryCell, WaterfallLayout>) -> Int {
    data.sections.count
  }

  public func collectionView(
    _ collectionView: CollectionView<GalleryCell, WaterfallLayout>, numberOfItemsInSection section: Int
  ) -> Int {
    data.sections[section].count
  }

  public func collectionView(
    _ collectionView: CollectionView<GalleryCell, WaterfallLayout>, layoutItemAt path: ItemPath
  ) -> WaterfallItem {
    .height(data.sections[path.section][path.item])
  }

  /// Items show their index and height in rows: `#12 4r`.
  public func collectionView(
    _ collectionView: CollectionView<GalleryCell, WaterfallLayout>, cellForItemAt path: ItemPath
  ) throws(CollectionViewError) -> GalleryCell {
    let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "box", for: path)
    let rows = Int(data.sections[path.section][path.item] / GallerySampleData.rowHeight)
    cell.kind = .item
    cell.label = "#\(path.item) \(rows)r"
    return cell
  }

  /// Headers show the section's number and item count.
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
