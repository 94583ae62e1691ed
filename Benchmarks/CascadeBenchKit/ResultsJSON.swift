// The `--json` file: written one object per measurement per line, read back (for `--chart` and
// `--compare`) with CascadeJSON's parser. Keys of earlier versions keep their meaning; the keys
// added since (`latency`, `collection`, `trace`) are optional when reading, so older files still
// load.

import CascadeJSON

/// `"text"` with JSON escapes.
package func jsonString(_ s: String) -> String {
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
package func jsonNumber(_ v: Double) -> String {
  if !v.isFinite { return "null" }
  if v == v.rounded() && Swift.abs(v) < 1e15 { return String(Int(v)) }
  return "\(v)"
}

/// The results as a JSON array, one object per measurement.
///
/// - Complexity: O(m) for m measurements.
package func jsonResults(_ results: [Measurement]) -> String {
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
    if let collection = m.collection { fields.append("\"collection\": \(jsonString(collection))") }
    if let l = m.latency {
      var parts = [
        "\"p50\": \(jsonNumber(l.p50))", "\"p90\": \(jsonNumber(l.p90))", "\"p99\": \(jsonNumber(l.p99))",
        "\"max\": \(jsonNumber(l.max))", "\"count\": \(l.count)", "\"opsPerTiming\": \(l.opsPerTiming)",
        "\"p99Spread\": [\(jsonNumber(l.p99Spread.min)), \(jsonNumber(l.p99Spread.max))]",
      ]
      if !l.quantiles.isEmpty {
        let pairs = zip(Latency.quantileFractions, l.quantiles).map { "[\(jsonNumber($0)), \(jsonNumber($1))]" }
        parts.append("\"quantiles\": [" + pairs.joined(separator: ", ") + "]")
      }
      fields.append("\"latency\": {" + parts.joined(separator: ", ") + "}")
    }
    if let t = m.trace {
      fields.append("\"trace\": {" + [
        "\"name\": \(jsonString(t.name))", "\"steps\": \(t.steps)", "\"passes\": \(t.passes)",
        "\"frameBudgetNs\": \(jsonNumber(t.budgetNs))", "\"overBudget\": \(t.overBudget)",
        "\"overBudgetWorstPass\": \(t.overBudgetWorstPass)", "\"overBudgetEveryTime\": \(t.overBudgetEveryTime)",
        "\"slowestStep\": {\"index\": \(t.slowestStep), \"t\": \(jsonNumber(t.slowestStepT)), \"ns\": \(jsonNumber(t.slowestStepNs))}",
      ].joined(separator: ", ") + "}")
    }
    objects.append("  {" + fields.joined(separator: ", ") + "}")
  }
  return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
}

/// Why a results file could not be read.
package struct ResultsFileError: Error, CustomStringConvertible {
  package var description: String
}

/// Reads back a `--json` file, of this version or an earlier one. Objects without a
/// `benchmark`, `n` and `nsPerOp` are skipped.
///
/// - Throws: ``ResultsFileError`` when the text is not JSON or not an array.
/// - Complexity: O(b) for b bytes.
package func readResults(_ bytes: [UInt8]) throws(ResultsFileError) -> [Measurement] {
  let value: JSONValue
  do { value = try JSONParser.parse(bytes) } catch { throw ResultsFileError(description: "\(error)") }
  guard case .array(let array) = value else {
    throw ResultsFileError(description: "expected an array of measurements, got \(value.kindDescription)")
  }
  func number(_ v: JSONValue?) -> Double? { if case .number(let x)? = v { return x }; return nil }
  func string(_ v: JSONValue?) -> String? { if case .string(let x)? = v { return x }; return nil }
  func numbers(_ v: JSONValue?) -> [Double] { if case .array(let a)? = v { return a.compactMap { number($0) } }; return [] }
  return array.compactMap { o -> Measurement? in
    guard let name = string(o["benchmark"]), let n = number(o["n"]) else { return nil }
    // A NaN figure is written as null: read it back as NaN rather than drop the row.
    let ns = number(o["nsPerOp"]) ?? .nan
    let spread = numbers(o["spread"])
    var m = Measurement(
      benchmark: name, n: Int(n), nsPerOp: ns,
      spread: (spread.first ?? ns, spread.last ?? ns), allocationsPerOp: number(o["allocationsPerOp"]),
      unit: Unit(rawValue: string(o["unit"]) ?? "") ?? .perQuery, bytesPerItem: number(o["bytesPerItem"]),
      samples: Int(number(o["samples"]) ?? 0), opsPerSample: Int(number(o["opsPerSample"]) ?? 0),
      note: string(o["note"]), collection: string(o["collection"]))
    if let l = o["latency"] {
      let p99 = number(l["p99"]) ?? .nan
      let p99Spread = numbers(l["p99Spread"])
      var quantiles: [Double] = []
      if case .array(let pairs)? = l["quantiles"] {
        quantiles = pairs.compactMap { pair in numbers(pair).count == 2 ? numbers(pair)[1] : nil }
        if quantiles.count != Latency.quantileFractions.count { quantiles = [] }
      }
      m.latency = Latency(
        p50: number(l["p50"]) ?? .nan, p90: number(l["p90"]) ?? .nan, p99: p99, max: number(l["max"]) ?? .nan,
        count: Int(number(l["count"]) ?? 0), opsPerTiming: Int(number(l["opsPerTiming"]) ?? 1),
        p99Spread: (p99Spread.first ?? p99, p99Spread.last ?? p99), quantiles: quantiles)
    }
    if let t = o["trace"] {
      let slowest = t["slowestStep"]
      m.trace = TraceReplayInfo(
        name: string(t["name"]) ?? "", steps: Int(number(t["steps"]) ?? 0), passes: Int(number(t["passes"]) ?? 0),
        budgetNs: number(t["frameBudgetNs"]) ?? defaultFrameBudgetNs, overBudget: Int(number(t["overBudget"]) ?? 0),
        overBudgetWorstPass: Int(number(t["overBudgetWorstPass"]) ?? 0),
        overBudgetEveryTime: Int(number(t["overBudgetEveryTime"]) ?? 0),
        slowestStep: Int(number(slowest?["index"]) ?? 0), slowestStepT: number(slowest?["t"]) ?? 0,
        slowestStepNs: number(slowest?["ns"]) ?? 0)
    }
    return m
  }
}
