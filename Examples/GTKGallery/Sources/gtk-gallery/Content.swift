// The gallery's content: sections of text and picture cards, all drawn from a seed so that two
// runs with the same seed show the same thing.

/// SplitMix64: a tiny deterministic generator (the content must not depend on the platform).
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// A number in `range`.
  mutating func next(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
  /// A number in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// What a picture card shows: a generated texture of `width × height` pixels (its aspect ratio
/// is the card's), a gradient between two hues with a pattern over it.
struct PictureSpec {
  var width: Int
  var height: Int
  var hue: Double
  var hue2: Double
  var pattern: Int
  var ratioName: String
}

/// One card.
struct GalleryItem {
  enum Content {
    case text(String)
    case picture(PictureSpec)
  }
  /// A number unique in the gallery, shown on the card.
  var id: Int
  var content: Content
  /// A text card's height as the layout has it: estimated from the text's length until GTK
  /// measures the card, then the measured height.
  var height: Double = 0
  /// The width the height was measured at, or `nil` while it is an estimate.
  var measuredWidth: Double?
}

struct GallerySection {
  var title: String
  var items: [GalleryItem]
  /// Every other section has a footer, so that pinned headers stop at a footer in some
  /// sections and at the section's end in others.
  var hasFooter: Bool
}

enum SampleContent {
  static let words = """
    fern moss lichen cedar birch alder willow river stone meadow thistle clover heron wren \
    sparrow lantern harbour tide shingle dune bracken heather granite basalt quartz amber \
    copper tin salt rye barley oat linen wool indigo madder ochre umber sienna slate chalk \
    flint ember cinder hollow ridge valley glen brook spring summer autumn winter dawn dusk \
    morning evening lamp window door garden orchard hedge path lane bridge ferry quay pier \
    the a of and in on under over through beyond beside quietly slowly brightly softly
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

  static let titles = [
    "Ferns and mosses", "Harbour lights", "Granite and chalk", "Orchard notes", "Tidal pools",
    "Winter birds", "Lanterns", "Hedgerows", "River stones", "Copper and tin", "Dune grass",
    "Evening ferries", "Barley fields", "Indigo", "Old bridges", "Moorland",
  ]

  static let ratios: [(Int, Int, String)] = [
    (4, 3, "4:3"), (3, 4, "3:4"), (1, 1, "1:1"), (16, 9, "16:9"), (2, 3, "2:3"), (3, 2, "3:2"),
    (9, 16, "9:16"), (5, 4, "5:4"),
  ]

  /// `sections` sections of 24 to 90 cards (the first has 10, so that the first screen shows a
  /// section's end), about a third of them pictures.
  static func make(seed: UInt64, sections: Int) -> [GallerySection] {
    var random = SplitMix64(seed: seed)
    var id = 0
    return (0..<sections).map { s in
      let drawn = random.next(in: 24...90)
      let count = s == 0 ? 10 : drawn
      let items = (0..<count).map { _ -> GalleryItem in
        defer { id += 1 }
        if random.next(in: 0...2) == 0 {
          let (w, h, name) = ratios[random.next(in: 0...(ratios.count - 1))]
          let spec = PictureSpec(
            width: 192, height: 192 * h / w, hue: random.unit(), hue2: random.unit(),
            pattern: random.next(in: 0...3), ratioName: name)
          return GalleryItem(id: id, content: .picture(spec))
        }
        let n = random.next(in: 3...(random.next(in: 0...3) == 0 ? 70 : 28))
        var text = ""
        for k in 0..<n {
          let word = words[random.next(in: 0...(words.count - 1))]
          text += k == 0 ? word.prefix(1).uppercased() + word.dropFirst() : " " + word
        }
        return GalleryItem(id: id, content: .text(text + "."))
      }
      return GallerySection(title: titles[s % titles.count], items: items, hasFooter: s % 2 == 1)
    }
  }
}
