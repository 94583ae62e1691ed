import Cascade
import CascadeView

/// The gallery's cell: the text a box or a header bar shows. The renderer draws it at the frame
/// the collection view gives.
public final class GalleryCell: ReusableCell {
  /// The label drawn in the box's top border, or in the header bar.
  public var label = ""
  /// What the cell shows: an item, a header or a footer.
  public var kind = ElementKind.item
  /// A card's text, wrapped at the card's width when drawn.
  public var text = ""

  /// Creates an empty cell.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Clears the label and text: a reused cell must not show its previous item.
  ///
  /// - Complexity: O(1).
  public func prepareForReuse() {
    label = ""
    text = ""
  }
}
