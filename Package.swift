// swift-tools-version:6.0
import PackageDescription

// Internal invariant checks (`_checkInvariants()` after every mutation) are compiled only when
// CASCADE_INTERNAL_CHECKS is defined, so release builds pay nothing. `.ci/run` turns them on for
// the test run with `-Xswiftc -DCASCADE_INTERNAL_CHECKS`.
let package = Package(
  name: "Cascade",
  products: [
    .library(name: "Cascade", targets: ["Cascade"]),
    .library(name: "CascadeView", targets: ["CascadeView"]),
    .library(name: "CascadeJSON", targets: ["CascadeJSON"]),
    .executable(name: "cascade", targets: ["cascade"]),
    .executable(name: "cascade-gallery", targets: ["cascade-gallery"]),
    .executable(name: "cascade-bench", targets: ["cascade-bench"]),
    // The C interface: libCascadeC.so, header Sources/CascadeC/include/cascade.h (Docs/C.md).
    .library(name: "CascadeC", type: .dynamic, targets: ["CascadeC"]),
  ],
  targets: [
    // The layout core: geometry, the layout protocol, the interval index, the waterfall and list
    // layouts. Imports nothing, not even Foundation.
    .target(name: "Cascade"),
    // The headless collection view: data source, delegate, reuse pool, scrolling. No Foundation.
    .target(name: "CascadeView", dependencies: ["Cascade"]),
    // The JSON documents of `protocol.md`, decoded into the core's types (Foundation).
    .target(name: "CascadeJSON", dependencies: ["Cascade"]),
    // The terminal gallery's model and renderer, so tests can drive it.
    .target(name: "CascadeGallery", dependencies: ["Cascade", "CascadeView"]),
    // The C interface over `CascadeSession`: `@c @implementation` functions, each checked by the
    // compiler against its declaration in the header. The header is imported into Swift through
    // CascadeCHeader, whose module map points at `Sources/CascadeC/include/cascade.h`.
    .target(name: "CascadeCHeader"),
    .target(name: "CascadeC", dependencies: ["Cascade", "CascadeJSON", "CascadeCHeader"], exclude: ["include"]),
    .executableTarget(name: "cascade", dependencies: ["Cascade", "CascadeJSON"]),
    .executableTarget(name: "cascade-gallery", dependencies: ["CascadeGallery"]),
    .executableTarget(
      name: "cascade-bench", dependencies: ["Cascade", "CascadeView"], path: "Benchmarks/cascade-bench"),
    .testTarget(name: "CascadeTests", dependencies: ["Cascade"]),
    .testTarget(name: "CascadeViewTests", dependencies: ["Cascade", "CascadeView", "CascadeGallery"]),
    .testTarget(name: "CascadeJSONTests", dependencies: ["Cascade", "CascadeJSON"]),
    .testTarget(name: "CascadeCTests", dependencies: ["Cascade", "CascadeJSON", "CascadeC", "CascadeCHeader"]),
  ],
  swiftLanguageModes: [.v6]
)
