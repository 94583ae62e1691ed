/// A cell that wants to hear when it leaves the reuse pool for a new element.
///
/// Register a cell type that conforms with
/// ``CollectionView/register(forCellWithReuseIdentifier:capacity:_:)`` and the view calls
/// ``prepareForReuse()`` every time it hands the cell out again, before the data source
/// configures it, just as UIKit does. Cells that do not conform can pass a closure instead, with
/// ``CollectionView/register(forCellWithReuseIdentifier:capacity:prepareForReuse:_:)``.
///
///     final class Box: ReusableCell {
///       var text = ""
///       func prepareForReuse() { text = "" }
///     }
public protocol ReusableCell: AnyObject {
  /// Resets the cell's state before the cell is handed out for another element.
  ///
  /// - Complexity: whatever the cell does; the view calls it once per reuse.
  func prepareForReuse()
}
