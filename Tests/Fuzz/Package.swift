// swift-tools-version:6.0
// The fuzz targets of Docs/Reliability.md: a package of its own, so that its sanitizer build
// (libFuzzer and ASan on every module, release) never touches the main package's build. Build and
// run them with Tests/Fuzz/run, which passes the toolset (compiler flags and the lld linker).
import PackageDescription

let package = Package(
  name: "CascadeFuzz",
  dependencies: [.package(name: "Cascade", path: "../..")],
  targets: [
    // libFuzzer's driver, called from each target's main.swift.
    .target(name: "FuzzSupport", path: "Targets/FuzzSupport"),
    // The input reader, checks and layout comparisons the targets share.
    .target(
      name: "FuzzKit",
      dependencies: [.product(name: "Cascade", package: "Cascade"), .product(name: "CascadeJSON", package: "Cascade")],
      path: "Targets/FuzzKit"),
    .executableTarget(
      name: "FuzzJSONParser",
      dependencies: ["FuzzSupport", "FuzzKit", .product(name: "CascadeJSON", package: "Cascade")],
      path: "Targets/FuzzJSONParser"),
    .executableTarget(
      name: "FuzzLayoutBatches",
      dependencies: ["FuzzSupport", "FuzzKit", .product(name: "Cascade", package: "Cascade")],
      path: "Targets/FuzzLayoutBatches"),
    .executableTarget(
      name: "FuzzSession",
      dependencies: ["FuzzSupport", "FuzzKit", .product(name: "CascadeJSON", package: "Cascade")],
      path: "Targets/FuzzSession"),
    .executableTarget(
      name: "FuzzCollectionView",
      dependencies: ["FuzzSupport", "FuzzKit", .product(name: "CascadeView", package: "Cascade")],
      path: "Targets/FuzzCollectionView"),
    // The C interface's header (Sources/CascadeC/include/cascade.h), imported as C declares it;
    // the functions come from the CascadeC product (libCascadeC).
    .target(name: "CascadeCFuzzHeader", path: "Targets/CascadeCFuzzHeader"),
    .executableTarget(
      name: "FuzzCInterface",
      dependencies: [
        "FuzzSupport", "FuzzKit", "CascadeCFuzzHeader",
        .product(name: "CascadeC", package: "Cascade"), .product(name: "CascadeJSON", package: "Cascade"),
      ],
      path: "Targets/FuzzCInterface"),
  ],
  swiftLanguageModes: [.v6]
)
