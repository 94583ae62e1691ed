// Every public declaration in Sources/ has a doc comment, and every public function,
// initializer, subscript and computed property says what it costs: the rule of
// Docs/Architecture.md, "Documentation", kept by a test so that a new symbol cannot skip it.
import Foundation
import Testing

@Suite("Documentation coverage")
struct DocumentationCoverageTests {
  /// A public declaration found by ``scan(_:file:)``.
  struct Declaration: CustomStringConvertible {
    var file: String
    var line: Int
    /// The declaration's line, trimmed.
    var text: String
    /// Whether it has a doc comment (`///` lines above it, attributes and plain `//` comments
    /// between them allowed).
    var documented: Bool
    /// Whether the doc comment gives a complexity: an `O(…)` or a `- Complexity:` line.
    var statesComplexity: Bool
    /// A function, initializer, subscript or computed property of a type or extension. (A
    /// protocol's requirement states what it asks for; its cost is the conformer's.)
    var needsComplexity: Bool

    var description: String { "\(file):\(line): \(text)" }
  }

  /// Modifiers that may come between `public` and the declaration's keyword, besides those
  /// with an argument (`private(set)`, `nonisolated(unsafe)`) and `class` before `func`.
  static let modifiers: Set<String> = [
    "public", "open", "static", "final", "mutating", "nonmutating", "weak", "unowned", "lazy", "override",
    "required", "convenience", "nonisolated", "indirect", "dynamic", "consuming", "borrowing",
  ]
  /// The keywords that make a declaration that needs a doc comment.
  static let keywords: Set<String> = [
    "func", "init", "init?", "subscript", "var", "let", "struct", "enum", "class", "protocol", "typealias",
    "actor", "associatedtype",
  ]

  /// The declaration's keyword on `line` (trimmed), after its attributes and modifiers, or `nil`
  /// when the line declares nothing this check covers.
  static func keyword(of line: Substring) -> String? {
    var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    while let first = words.first, first.hasPrefix("@") { words.removeFirst() }  // `@inlinable`, `@exclusivity(unchecked)`
    while let first = words.first {
      let classMember = first == "class" && words.count > 1 && ["func", "var", "subscript"].contains(words[1])
      let parts = first.dropLast().split(separator: "(", omittingEmptySubsequences: false)
      let withArgument = first.hasSuffix(")") && parts.count == 2 && !parts[1].isEmpty
        && !keywords.contains(String(parts[0])) && parts.allSatisfy { $0.allSatisfy(\.isLetter) }
      guard modifiers.contains(first) || classMember || withArgument else { break }
      words.removeFirst()
    }
    guard let first = words.first else { return nil }
    // `init(`, `init<T>(`, `subscript(`, `func f(`: the keyword is the word's start.
    let word = first.prefix { $0.isLetter || $0 == "?" }
    return keywords.contains(String(word)) ? String(word) : nil
  }

  /// Every public declaration in `source`, and every requirement of its public protocols
  /// (declared at the top level, requirements indented by two spaces).
  static func scan(_ source: String, file: String) -> [Declaration] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [Declaration] = []
    var inProtocol = false, inMultilineString = false
    for (i, raw) in lines.enumerated() {
      if raw.components(separatedBy: "\"\"\"").count % 2 == 0 { inMultilineString.toggle(); continue }
      if inMultilineString { continue }
      let text = raw.trimmingCharacters(in: .whitespaces)
      if raw.hasPrefix("}") { inProtocol = false }
      let isPublic = {
        var words = text.split(separator: " ")
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        return words.first == "public" || words.first == "open"
      }()
      let isRequirement = inProtocol && raw.hasPrefix("  ") && !raw.hasPrefix("   ")
      guard isPublic || isRequirement, let keyword = keyword(of: Substring(text)) else { continue }
      if isPublic && keyword == "protocol" && !raw.hasPrefix(" ") { inProtocol = true }
      if text.contains(" extension ") || text.contains(" import ") { continue }
      // A C function whose declaration and documentation are in the C header.
      if i > 0, lines[i - 1].contains("@implementation") { continue }
      // `description` and `debugDescription` are documented by their protocols.
      if keyword == "var", text.contains("var description:") || text.contains("var debugDescription:") { continue }

      var doc: [Substring] = []
      var j = i - 1
      while j >= 0 {
        let above = lines[j].trimmingCharacters(in: .whitespaces)
        if above.hasPrefix("///") {
          doc.append(Substring(above))
        } else if !(above.hasPrefix("@") || above.hasPrefix("//")) {
          break
        }
        j -= 1
      }
      let docText = doc.joined(separator: "\n")
      let beforeBody = text.split(separator: "{", maxSplits: 1).first ?? ""
      let next = i + 1 < lines.count ? lines[i + 1] : ""
      let observed = text.contains("didSet") || text.contains("willSet") || next.contains("didSet") || next.contains("willSet")
      let computed = text.contains("{") && !beforeBody.contains(" = ") && !observed
      let operation = ["func", "init", "init?", "subscript"].contains(keyword) || (keyword == "var" && computed)
      found.append(Declaration(
        file: file, line: i + 1, text: text, documented: !doc.isEmpty,
        statesComplexity: docText.contains("O(") || docText.contains("Complexity"),
        needsComplexity: operation && !isRequirement))
    }
    return found
  }

  /// The package's `Sources/` directory, found from this file's path.
  static var sourcesDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  /// The path of every Swift file under `directory`, relative to it.
  static func swiftFiles(under directory: URL) throws -> [String] {
    let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
    var paths: [String] = []
    for case let url as URL in enumerator where url.pathExtension == "swift" {
      paths.append(String(url.path.dropFirst(directory.path.count + 1)))
    }
    return paths
  }

  /// Every public declaration of every Swift file under `Sources/`.
  static func allDeclarations() throws -> [Declaration] {
    try swiftFiles(under: sourcesDirectory).flatMap { path in
      scan(try String(contentsOf: sourcesDirectory.appendingPathComponent(path), encoding: .utf8), file: "Sources/\(path)")
    }
  }

  @Test func everyPublicDeclarationHasADocComment() throws {
    let declarations = try Self.allDeclarations()
    // The scan reads the real sources: hundreds of declarations, in every module.
    #expect(declarations.count > 400)
    for module in ["Cascade/", "CascadeView/", "CascadeJSON/", "CascadeGallery/"] {
      #expect(declarations.contains { $0.file.hasPrefix("Sources/\(module)") }, "no declaration found in \(module)")
    }
    let undocumented = declarations.filter { !$0.documented }
    #expect(undocumented.isEmpty, "no doc comment:\n\(undocumented.map(\.description).joined(separator: "\n"))")
  }

  @Test func everyPublicOperationStatesItsComplexity() throws {
    let declarations = try Self.allDeclarations()
    #expect(declarations.filter(\.needsComplexity).count > 200)
    let silent = declarations.filter { $0.needsComplexity && $0.documented && !$0.statesComplexity }
    #expect(silent.isEmpty, "no complexity:\n\(silent.map(\.description).joined(separator: "\n"))")
  }

  /// The paths the file map of Docs/Architecture.md ("Modules") lists under `Sources/Cascade/`.
  static func mappedCoreFiles(in architecture: String) -> Set<String> {
    var inMap = false
    var paths: Set<String> = []
    for line in architecture.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "Sources/Cascade/" { inMap = true; continue }
      guard inMap else { continue }
      if line.hasPrefix("```") { break }
      if let path = line.split(separator: " ").first, path.hasSuffix(".swift") { paths.insert(String(path)) }
    }
    return paths
  }

  /// The core's file map names every file the core has, and none it does not.
  @Test func architectureMapListsEveryCoreFile() throws {
    let files = Set(try Self.swiftFiles(under: Self.sourcesDirectory.appendingPathComponent("Cascade")))
    let architecture = Self.sourcesDirectory.deletingLastPathComponent().appendingPathComponent("Docs/Architecture.md")
    let mapped = Self.mappedCoreFiles(in: try String(contentsOf: architecture, encoding: .utf8))
    #expect(files.count > 20)
    #expect(files.subtracting(mapped).sorted() == [], "files the map does not list")
    #expect(mapped.subtracting(files).sorted() == [], "files the map lists that do not exist")
  }

  /// The scan on a source written to hold each case: what it must flag, and what it must not.
  @Test func scanFlagsWhatItShould() {
    let source = """
      /// A type.
      public struct S: CustomStringConvertible {
        public var undocumented: Int
        /// Stored: no complexity needed.
        public private(set) var stored = 0
        /// Observed, stored.
        public var observed: Int = 0 {
          didSet {}
        }
        /// No complexity given.
        public mutating func f() {}
        /// With one. O(1).
        public func g() {}
        /// Computed, with its complexity after an attribute.
        ///
        /// - Complexity: O(n).
        @inlinable
        // A plain comment between.
        public var computed: Int { 0 }
        /// Computed, without.
        public var silent: Int { 0 }
        /// No complexity either.
        public init() {}
        public var description: String { "" }
        var internalOne: Int { 0 }
      }
      /// P.
      public protocol P {
        func requirement()
        /// Documented; a requirement needs no complexity.
        func documented()
      }
      public extension S {}
      """
    let found = DocumentationCoverageTests.scan(source, file: "S.swift")
    #expect(found.filter { !$0.documented }.map(\.line) == [3, 29])
    #expect(found.filter { $0.needsComplexity && !$0.statesComplexity }.map(\.line) == [11, 21, 23])
    #expect(found.map(\.line) == [2, 3, 5, 7, 11, 13, 19, 21, 23, 28, 29, 31])
  }
}
