// Generated pictures: a GdkMemoryTexture per picture card, filled with a gradient and a pattern
// drawn from the card's spec. A small cache keeps the textures of recently shown cards so that
// scrolling back does not draw them again.

import CGtk

struct TextureCache {
  private var textures: [Int: OpaquePointer] = [:]
  private var order: [Int] = []
  let capacity: Int

  init(capacity: Int = 160) { self.capacity = capacity }

  /// The texture of picture `id` (owned by the cache; a GtkPicture showing it takes its own
  /// reference).
  mutating func texture(id: Int, spec: PictureSpec) -> OpaquePointer {
    if let texture = textures[id] { return texture }
    let texture = Self.make(spec)
    textures[id] = texture
    order.append(id)
    if order.count > capacity {
      let old = order.removeFirst()
      if let t = textures.removeValue(forKey: old) { g_object_unref(UnsafeMutableRawPointer(t)) }
    }
    return texture
  }

  static func make(_ spec: PictureSpec) -> OpaquePointer {
    let w = spec.width, h = spec.height
    var pixels = [UInt8](repeating: 255, count: w * h * 4)
    let a = rgb(hue: spec.hue, saturation: 0.55, value: 0.92)
    let b = rgb(hue: spec.hue2, saturation: 0.75, value: 0.55)
    for y in 0..<h {
      for x in 0..<w {
        let t = (Double(x) / Double(w) + Double(y) / Double(h)) / 2
        var c = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
        let on: Bool
        switch spec.pattern {
        case 0:  // diagonal stripes
          on = ((x + y) / 14) % 2 == 0
        case 1:  // dots
          let dx = x % 24 - 12, dy = y % 24 - 12
          on = dx * dx + dy * dy < 30
        case 2:  // rings around the centre
          let dx = Double(x - w / 2), dy = Double(y - h / 2)
          on = Int((dx * dx + dy * dy).squareRoot() / 10) % 2 == 0
        default:  // checks
          on = (x / 24 + y / 24) % 2 == 0
        }
        if on { c = (c.0 * 0.82, c.1 * 0.82, c.2 * 0.82) }
        let k = (y * w + x) * 4
        pixels[k] = UInt8(c.0 * 255)
        pixels[k + 1] = UInt8(c.1 * 255)
        pixels[k + 2] = UInt8(c.2 * 255)
      }
    }
    let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    let texture = gdk_memory_texture_new(Int32(w), Int32(h), GDK_MEMORY_R8G8B8A8, bytes, gsize(w * 4))!
    g_bytes_unref(bytes)
    return texture
  }

  /// HSV to RGB, each in [0, 1].
  static func rgb(hue: Double, saturation s: Double, value v: Double) -> (Double, Double, Double) {
    let h = (hue - hue.rounded(.down)) * 6
    let i = Int(h), f = h - Double(i)
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    switch i {
    case 0: return (v, t, p)
    case 1: return (q, v, p)
    case 2: return (p, v, t)
    case 3: return (p, q, v)
    case 4: return (t, p, v)
    default: return (v, p, q)
    }
  }
}
