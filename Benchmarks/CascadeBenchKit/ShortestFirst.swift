// `layout.full.shortestFirst`: the one part of a waterfall's placement that no layout can split,
// measured alone.
//
// Placing items shortest first, each item's y is the lowest column's state, and its column's
// state becomes `(y + height) + itemSpacing`, which the next item's choice waits on: two
// additions and a comparison with the next lowest state, one after the other, for every item.
// A layout can do everything else beside that chain (read the items, check them, write the
// records, index them), but not the chain itself: the additions cannot be regrouped, since a
// frame's y must be what they give to the bit. This baseline runs the chain and nothing else,
// so `layout.full` ÷ `layout.full.shortestFirst` is what the build pays beyond the chain.

/// The sum, in item order, of the y of every item of `heights` placed shortest first in
/// `columns` columns (one to four) from a top of 0 with `spacing` between items: the y's a
/// waterfall of those one-column items gives, to the bit, with nothing else computed.
///
/// The columns' states are kept in order in four registers, padded with +infinity: the item
/// goes at the lowest, `v0`, and its new state takes its place among the other three by
/// `min` and `max` without a branch. Which column is which does not matter to the y's, only
/// the states' values, so the baseline keeps no column numbers. The sum is added off the chain
/// and keeps the loop from being left out.
///
/// - Precondition: `columns` is 1, 2, 3 or 4.
/// - Complexity: O(n) for n heights.
@inline(never)
package func shortestFirstYs(_ heights: UnsafeBufferPointer<Double>, columns: Int, spacing: Double) -> Double {
  precondition((1...4).contains(columns), "shortestFirstYs places items in one to four columns, not \(columns)")
  var v0 = 0.0
  var v1 = columns > 1 ? 0.0 : .infinity
  var v2 = columns > 2 ? 0.0 : .infinity
  var v3 = columns > 3 ? 0.0 : .infinity
  var sum = 0.0
  for h in heights {
    let y = v0
    sum += y
    let state = (y + h) + spacing
    v0 = Swift.min(v1, state)
    v1 = Swift.max(v1, Swift.min(v2, state))
    v2 = Swift.max(v2, Swift.min(v3, state))
    v3 = Swift.max(v3, state)
  }
  return sum
}
