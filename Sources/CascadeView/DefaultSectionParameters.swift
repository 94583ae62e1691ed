import Cascade

/// Section parameters with a value that overrides nothing, so that a data source need not say
/// what its sections override: with a layout whose `SectionParameters` conforms,
/// ``CollectionViewDataSource/collectionView(_:parametersForSection:)`` defaults to
/// ``noOverrides``.
///
/// ``WaterfallParameters`` and ``ListParameters`` conform (every field `nil`: inherited from the
/// layout). A layout of your own opts in the same way:
///
///     extension CardParameters: DefaultSectionParameters {
///       public static var noOverrides: CardParameters { CardParameters() }
///     }
///
/// A layout whose sections have no natural default does not conform, and its data source must
/// give every section's parameters.
public protocol DefaultSectionParameters: Sendable {
  /// The parameters of a section that takes everything from its layout.
  static var noOverrides: Self { get }
}

extension WaterfallParameters: DefaultSectionParameters {
  /// Every field `nil`: the section takes the layout's parameters. O(1).
  public static var noOverrides: WaterfallParameters { WaterfallParameters() }
}

extension ListParameters: DefaultSectionParameters {
  /// Every field `nil`: the section takes the list's parameters. O(1).
  public static var noOverrides: ListParameters { ListParameters() }
}
