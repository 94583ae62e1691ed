// The outputs: the markdown table on standard output, the JSON file, and the JSON reader that
// `--chart` uses.

/// The markdown table: one row per primary measurement and baseline, each with the absolute
/// figures of both and the ratio between them, all from the same run.
func markdownTable(_ results: [Measurement]) -> String {
  func find(_ name: String, _ n: Int) -> Measurement? {
    results.first { $0.benchmark == name && $0.n == n }
  }
  func value(_ m: Measurement) -> String {
    if let bytes = m.bytesPerItem { return formatNumber(bytes, digits: 1) + " B/item" }
    return formatValue(m.nsPerOp, m.unit)
  }
  func spread(_ m: Measurement) -> String {
    if m.bytesPerItem != nil { return "1 run" }
    return formatDuration(m.spread.min) + " – " + formatDuration(m.spread.max)
  }
  var lines = [
    "| scenario | n | Cascade | spread (min – max) | allocs/op | baseline | baseline figure | baseline ÷ Cascade |",
    "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
  ]
  var shown = Set<String>()
  for (primary, baselines) in comparisons {
    let ns = results.filter { $0.benchmark == primary }.map(\.n)
    for n in ns {
      guard let m = find(primary, n) else { continue }
      shown.insert("\(primary)/\(n)")
      let allocs = m.allocationsPerOp.map(formatCount) ?? "–"
      let present = baselines.compactMap { b in find(b, n).map { (b, $0) } }
      if present.isEmpty {
        lines.append("| \(primary) | \(groupThousands(n)) | \(value(m)) | \(spread(m)) | \(allocs) | – | – | – |")
      }
      for (i, (name, b)) in present.enumerated() {
        let ratio = b.bytesPerItem.map { bb in m.bytesPerItem.map { bb / $0 } ?? .nan } ?? b.nsPerOp / m.nsPerOp
        let baselineName = name.hasPrefix(primary + ".") ? String(name.dropFirst(primary.count + 1)) : name
        if i == 0 {
          lines.append("| \(primary) | \(groupThousands(n)) | \(value(m)) | \(spread(m)) | \(allocs) "
                       + "| \(baselineName) | \(value(b)) | \(formatRatio(ratio)) |")
        } else {
          lines.append("| | | | | | \(baselineName) | \(value(b)) | \(formatRatio(ratio)) |")
        }
      }
    }
  }
  // Baselines measured without their primary (a --filter on a baseline) still get a row.
  for m in results where !shown.contains("\(m.benchmark)/\(m.n)")
    && !comparisons.contains(where: { $0.primary == m.benchmark }) {
    if comparisons.contains(where: { c in c.baselines.contains(m.benchmark) && results.contains { $0.benchmark == c.primary && $0.n == m.n } }) {
      continue
    }
    lines.append("| \(m.benchmark) | \(groupThousands(m.n)) | \(value(m)) | \(spread(m)) "
                 + "| \(m.allocationsPerOp.map(formatCount) ?? "–") | – | – | – |")
  }
  return lines.joined(separator: "\n")
}

// MARK: - JSON

func jsonString(_ s: String) -> String {
  var out = "\""
  for scalar in s.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    default:
      if scalar.value < 0x20 {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}

/// A number JSON can hold (`null` for NaN and infinities).
func jsonNumber(_ v: Double) -> String {
  if !v.isFinite { return "null" }
  if v == v.rounded() && Swift.abs(v) < 1e15 { return String(Int(v)) }
  return "\(v)"
}

/// The results as a JSON array, one object per measurement.
func jsonResults(_ results: [Measurement]) -> String {
  var objects: [String] = []
  for m in results {
    var fields = [
      "\"benchmark\": \(jsonString(m.benchmark))",
      "\"n\": \(m.n)",
      "\"nsPerOp\": \(jsonNumber(m.nsPerOp))",
      "\"spread\": [\(jsonNumber(m.spread.min)), \(jsonNumber(m.spread.max))]",
    ]
    if let a = m.allocationsPerOp { fields.append("\"allocationsPerOp\": \(jsonNumber(a))") }
    if let b = m.bytesPerItem { fields.append("\"bytesPerItem\": \(jsonNumber(b))") }
    fields.append("\"unit\": \(jsonString(m.unit.rawValue))")
    fields.append("\"samples\": \(m.samples)")
    fields.append("\"opsPerSample\": \(m.opsPerSample)")
    if let note = m.note { fields.append("\"note\": \(jsonString(note))") }
    objects.append("  {" + fields.joined(separator: ", ") + "}")
  }
  return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
}

/// A minimal JSON value and parser: enough to read back the files `--json` writes.
indirect enum JSON {
  case null, bool(Bool), number(Double), string(String), array([JSON]), object([(String, JSON)])

  subscript(key: String) -> JSON? {
    if case .object(let fields) = self { return fields.first { $0.0 == key }?.1 }
    return nil
  }
  var number: Double? { if case .number(let v) = self { return v }; return nil }
  var string: String? { if case .string(let v) = self { return v }; return nil }
  var array: [JSON]? { if case .array(let v) = self { return v }; return nil }

  struct ParseError: Error, CustomStringConvertible {
    var offset: Int
    var description: String { "invalid JSON at byte \(offset)" }
  }

  static func parse(_ bytes: [UInt8]) throws -> JSON {
    var p = 0
    func skip() { while p < bytes.count, [0x20, 0x0a, 0x0d, 0x09].contains(bytes[p]) { p += 1 } }
    func expect(_ c: UInt8) throws { skip(); guard p < bytes.count, bytes[p] == c else { throw ParseError(offset: p) }; p += 1 }
    func value() throws -> JSON {
      skip()
      guard p < bytes.count else { throw ParseError(offset: p) }
      switch bytes[p] {
      case UInt8(ascii: "{"):
        p += 1
        var fields: [(String, JSON)] = []
        skip()
        if p < bytes.count, bytes[p] == UInt8(ascii: "}") { p += 1; return .object(fields) }
        while true {
          guard case .string(let key) = try value() else { throw ParseError(offset: p) }
          try expect(UInt8(ascii: ":"))
          fields.append((key, try value()))
          skip()
          guard p < bytes.count else { throw ParseError(offset: p) }
          if bytes[p] == UInt8(ascii: ",") { p += 1; continue }
          try expect(UInt8(ascii: "}"))
          return .object(fields)
        }
      case UInt8(ascii: "["):
        p += 1
        var items: [JSON] = []
        skip()
        if p < bytes.count, bytes[p] == UInt8(ascii: "]") { p += 1; return .array(items) }
        while true {
          items.append(try value())
          skip()
          guard p < bytes.count else { throw ParseError(offset: p) }
          if bytes[p] == UInt8(ascii: ",") { p += 1; continue }
          try expect(UInt8(ascii: "]"))
          return .array(items)
        }
      case UInt8(ascii: "\""):
        p += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        while p < bytes.count, bytes[p] != UInt8(ascii: "\"") {
          if bytes[p] == UInt8(ascii: "\\") {
            p += 1
            guard p < bytes.count else { throw ParseError(offset: p) }
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
            switch bytes[p] {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
              guard p + 4 < bytes.count, let v = UInt32(String(decoding: bytes[(p + 1)...(p + 4)], as: UTF8.self), radix: 16)
              else { throw ParseError(offset: p) }
              scalars.append(Unicode.Scalar(v) ?? "?")
              p += 4
            default: scalars.append(Unicode.Scalar(bytes[p]))
            }
            p += 1
          } else {
            raw.append(bytes[p])
            p += 1
          }
        }
        try expect(UInt8(ascii: "\"")) // p is at the quote; expect consumes it
        scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
        return .string(String(scalars))
      case UInt8(ascii: "n"): p += 4; return .null
      case UInt8(ascii: "t"): p += 4; return .bool(true)
      case UInt8(ascii: "f"): p += 5; return .bool(false)
      default:
        let start = p
        while p < bytes.count, "+-0123456789.eE".utf8.contains(bytes[p]) { p += 1 }
        guard let v = Double(String(decoding: bytes[start..<p], as: UTF8.self)) else { throw ParseError(offset: start) }
        return .number(v)
      }
    }
    let v = try value()
    skip()
    guard p == bytes.count else { throw ParseError(offset: p) }
    return v
  }
}

/// Reads back a `--json` file as measurements (what the chart needs).
func readResults(_ bytes: [UInt8]) throws -> [Measurement] {
  guard let array = try JSON.parse(bytes).array else { throw JSON.ParseError(offset: 0) }
  return array.compactMap { o in
    guard let name = o["benchmark"]?.string, let n = o["n"]?.number, let ns = o["nsPerOp"]?.number else { return nil }
    let spread = o["spread"]?.array?.compactMap(\.number) ?? []
    return Measurement(
      benchmark: name, n: Int(n), nsPerOp: ns,
      spread: (spread.first ?? ns, spread.last ?? ns), allocationsPerOp: o["allocationsPerOp"]?.number,
      unit: Unit(rawValue: o["unit"]?.string ?? "") ?? .perQuery, bytesPerItem: o["bytesPerItem"]?.number,
      samples: Int(o["samples"]?.number ?? 0), opsPerSample: Int(o["opsPerSample"]?.number ?? 0),
      note: o["note"]?.string)
  }
}
