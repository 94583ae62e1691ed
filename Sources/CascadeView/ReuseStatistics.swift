/// How many cells a view has made, reused and let go.
public struct ReuseStatistics: Hashable, Sendable, CustomStringConvertible {
  /// Cells (and supplementary views) made by a registered factory.
  public var created = 0
  /// Cells handed out again from a reuse pool.
  public var reused = 0
  /// Cells dropped because their pool was at its capacity.
  public var discarded = 0

  /// Creates statistics; every count defaults to 0.
  ///
  /// - Complexity: O(1).
  public init(created: Int = 0, reused: Int = 0, discarded: Int = 0) {
    self.created = created
    self.reused = reused
    self.discarded = discarded
  }

  public var description: String { "created \(created), reused \(reused), discarded \(discarded)" }
}
