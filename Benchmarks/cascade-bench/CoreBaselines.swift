// Baselines for the core's figures that are floors rather than recipes:
//
// - `writeFrames`: a loop that only writes n frames into a fresh array, the least a full layout
//   can cost (it has to produce n frames somewhere).
// - `readItems`: a loop that only reads every item of the sections once, the least a layout
//   built from `[WaterfallItem]` can cost (it has to read its input, 56 bytes an item).
// - `ImplicitIntervalTree`: the cgranges layout (Heng Li, https://github.com/lh3/cgranges): the
//   elements' vertical intervals sorted by start in one array, with an implicit binary tree over
//   the array indices (node i at level k = the trailing one bits of i, children i ± 2^(k-1)),
//   each node augmented with the largest end in its subtree. A query walks the tree with a
//   stack, prunes left subtrees whose largest end is above the rect and right subtrees whose
//   start is below it, and scans subtrees of level ≤ 3 linearly.

import Cascade

/// n frames written into a new array, one column's worth of arithmetic each.
@inline(never)
func writeFrames(_ heights: UnsafeBufferPointer<Double>, columnWidth: Double) -> [Rect] {
  [Rect](unsafeUninitializedCapacity: heights.count) { buffer, count in
    var y = 0.0
    for i in 0..<heights.count {
      let h = heights[i]
      buffer[i] = Rect(x: Double(i & 3) * columnWidth, y: y, width: columnWidth, height: h)
      y += (i & 3) == 3 ? h : 0
    }
    count = heights.count
  }
}

/// Every item of `sections` read once: its measure and span folded into a sum, so that no read
/// can be left out. Nothing is written.
@inline(never)
func readItems(_ sections: [WaterfallSection]) -> Double {
  var sum = 0.0
  for section in sections {
    section.items.withUnsafeBufferPointer { items in
      for item in items {
        switch item.measure {
        case .height(let h): sum += h
        case .size(let w, let h): sum += h - w
        }
        if case .columns(let k) = item.span { sum += Double(k) }
      }
    }
  }
  return sum
}

/// cgranges' implicit interval tree over the frames' vertical extents.
struct ImplicitIntervalTree {
  /// The frames sorted by `minY`.
  let frames: [Rect]
  /// Each frame's index in the answer order of the input.
  let ids: [Int32]
  /// The largest `maxY` in the subtree rooted at each index.
  let maxEnd: [Double]
  let maxLevel: Int

  init(frames input: [Rect]) {
    let order = input.indices.sorted { input[$0].minY < input[$1].minY }
    let frames = order.map { input[$0] }
    let n = frames.count
    var maxEnd = frames.map(\.maxY)
    var level = 0
    if n > 0 {
      // irt_index_core: `last` is the max end of the last (rightmost) node at the level below.
      var lastI = 0
      var last = 0.0
      var i = 0
      while i < n { lastI = i; last = maxEnd[i]; i += 2 }
      var k = 1
      while 1 << k <= n {
        let x = 1 << (k - 1), i0 = (x << 1) - 1, step = x << 2
        var i = i0
        while i < n {
          let el = maxEnd[i - x]
          let er = i + x < n ? maxEnd[i + x] : last
          maxEnd[i] = Swift.max(frames[i].maxY, el, er)
          i += step
        }
        lastI = (lastI >> k) & 1 != 0 ? lastI - x : lastI + x
        if lastI < n && maxEnd[lastI] > last { last = maxEnd[lastI] }
        k += 1
      }
      level = k - 1
    }
    self.frames = frames
    self.ids = order.map { Int32($0) }
    self.maxEnd = maxEnd
    self.maxLevel = level
  }

  /// The indices (in the input's order) of the frames that meet `rect`, in no particular order.
  @inline(never)
  func elements(in rect: Rect, into buffer: inout [Int]) {
    let n = frames.count
    if n == 0 { return }
    let st = rect.minY, en = rect.maxY
    frames.withUnsafeBufferPointer { frames in
      maxEnd.withUnsafeBufferPointer { maxEnd in
        ids.withUnsafeBufferPointer { ids in
          // (node, level · 2 + whether its left child is done), 64 deep at most: 1 KB, on the
          // stack.
          withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: 64) { stack in
            var t = 0
            stack[t] = ((1 << maxLevel) - 1, maxLevel << 1); t += 1
            while t > 0 {
              t -= 1
              let (x, kw) = stack[t]
              let k = kw >> 1
              let w = kw & 1 != 0
              if k <= 3 {
                let i0 = (x >> k) << k
                let i1 = Swift.min(n, i0 + (1 << (k + 1)) - 1)
                var i = i0
                while i < i1 && frames[i].minY < en {
                  if st < frames[i].maxY && frames[i].intersects(rect) { buffer.append(Int(ids[i])) }
                  i += 1
                }
              } else if !w {
                let y = x - (1 << (k - 1))
                stack[t] = (x, k << 1 | 1); t += 1
                if y >= n || maxEnd[y] > st { stack[t] = (y, (k - 1) << 1); t += 1 }
              } else if x < n && frames[x].minY < en {
                if st < frames[x].maxY && frames[x].intersects(rect) { buffer.append(Int(ids[x])) }
                stack[t] = (x + (1 << (k - 1)), (k - 1) << 1); t += 1
              }
            }
          }
        }
      }
    }
  }
}
