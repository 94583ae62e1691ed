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
    // The JSON documents of `Docs/Spec/Protocol.md`, decoded into the core's types (Foundation).
    .target(name: "CascadeJSON", dependencies: ["Cascade"]),
    // The command-line parser of the three executables: options declared once, the help and
    // the usage errors generated from them. No Foundation; not a product.
    .target(name: "CascadeArguments"),
    // The terminal gallery's model, renderer and command line, so tests can drive them.
    .target(name: "CascadeGallery", dependencies: ["Cascade", "CascadeView", "CascadeArguments"]),
    // The C interface over `CascadeSession`: `@c @implementation` functions, each checked by the
    // compiler against its declaration in the header. The header is imported into Swift through
    // CascadeCHeader, whose module map points at `Sources/CascadeC/include/cascade.h`.
    .target(name: "CascadeCHeader"),
    .target(name: "CascadeC", dependencies: ["Cascade", "CascadeJSON", "CascadeCHeader"], exclude: ["include"]),
    .executableTarget(name: "cascade", dependencies: ["Cascade", "CascadeJSON", "CascadeArguments"]),
    .executableTarget(name: "cascade-gallery", dependencies: ["CascadeGallery"]),
    .executableTarget(
      name: "cascade-bench", dependencies: ["Cascade", "CascadeView", "CascadeJSON", "CascadeArguments", "CascadeBenchKit"],
      path: "Benchmarks/cascade-bench"),
    // The bench's pure parts, so tests can reach them: traces (parsing, synthesis, replay), the
    // built-in distributions, percentiles, the results file and `--compare`. Not a product.
    .target(
      name: "CascadeBenchKit", dependencies: ["Cascade", "CascadeView", "CascadeJSON"],
      path: "Benchmarks/CascadeBenchKit"),
    // What more than one test target uses: the brute-force reference waterfall, seeded random
    // collections and changes, and the runner of the package's executables. Test code, never a
    // product.
    .target(name: "CascadeTestSupport", dependencies: ["Cascade"], path: "Tests/CascadeTestSupport"),
    // A million random session requests checked against the reference waterfall
    // (Docs/Reliability.md): `swift run -c release cascade-soak`, `--short` in CI. Test code, not a
    // product.
    .executableTarget(
      name: "cascade-soak", dependencies: ["Cascade", "CascadeJSON", "CascadeTestSupport"], path: "Tests/Soak"),
    .testTarget(name: "CascadeTests", dependencies: ["Cascade", "CascadeTestSupport"]),
    .testTarget(name: "CascadeViewTests", dependencies: ["Cascade", "CascadeView", "CascadeTestSupport"]),
    .testTarget(name: "CascadeJSONTests", dependencies: ["Cascade", "CascadeJSON"]),
    // The `cascade` executable, run as a user runs it.
    .testTarget(name: "CascadeCLITests", dependencies: ["Cascade", "CascadeJSON", "CascadeTestSupport"]),
    .testTarget(
      name: "CascadeGalleryTests",
      dependencies: ["Cascade", "CascadeView", "CascadeGallery", "CascadeArguments"]),
    // The parser itself, and the three executables' help and usage errors end to end.
    .testTarget(name: "CascadeArgumentsTests", dependencies: ["CascadeArguments", "CascadeTestSupport"]),
    // The C interface, called as C calls it.
    .testTarget(name: "CascadeCTests", dependencies: ["Cascade", "CascadeJSON", "CascadeC", "CascadeCHeader"]),
    // cascade-bench's traces, distributions, percentiles and comparisons, and the gallery's
    // recorded traces.
    .testTarget(
      name: "CascadeBenchTests",
      dependencies: ["Cascade", "CascadeView", "CascadeJSON", "CascadeBenchKit", "CascadeGallery", "CascadeTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
