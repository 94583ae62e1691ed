// view.scrollStep: the headless collection view (CascadeView, branch `view`) scrolling 16 points
// per step with a pool of reusable cells. Until that branch is merged, the scenario reports
// itself as unavailable so the bench still builds and runs.

import Cascade
import CascadeView

extension Scenarios {
  func viewScrollStep(_ n: Int, _ layout: WaterfallLayout) {
    bench.log("  view.scrollStep: skipped, CascadeView has no collection view yet (branch `view` not merged)")
  }
}
