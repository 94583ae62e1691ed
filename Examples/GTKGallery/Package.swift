// swift-tools-version:6.0
import PackageDescription

// The GTK 4 gallery: Cascade's collection view backing real GTK widgets. A package of its own so
// that the root package keeps no dependencies; it uses the root package's Cascade and
// CascadeView by path, and GTK 4 through pkg-config (Debian: `apt-get install libgtk-4-dev`).
// SwiftPM names a path dependency after its directory (the checkout's name, "Cascade" or a
// worktree's), so the product references below use that name, whatever it is.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "Cascade")

let package = Package(
  name: "GTKGallery",
  products: [
    .executable(name: "gtk-gallery", targets: ["gtk-gallery"]),
  ],
  dependencies: [
    .package(path: "../.."),
  ],
  targets: [
    // GTK 4's C API, imported through a one-line shim header.
    .systemLibrary(
      name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]),
    .executableTarget(
      name: "gtk-gallery",
      dependencies: [
        "CGtk",
        .product(name: "Cascade", package: root),
        .product(name: "CascadeView", package: root),
      ],
      // Swift's own floating-point rounding calls libm, which nothing else links here.
      linkerSettings: [.linkedLibrary("m")]),
  ],
  swiftLanguageModes: [.v6]
)
