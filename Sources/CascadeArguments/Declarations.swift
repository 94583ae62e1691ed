// What a command accepts: options with values, flags, positional arguments. Each typed
// declaration carries a type-erased spec, which is what a Command stores, parses and prints.

/// Anything a command lists among its options: an ``Option`` or a ``Flag``.
package protocol OptionDeclaration: Sendable {
  /// The declaration without its value type.
  var spec: OptionSpec { get }
}

/// Anything a command takes as a positional argument: an ``Argument``.
package protocol ArgumentDeclaration: Sendable {
  /// The declaration without its value type.
  var spec: ArgumentSpec { get }
}

/// An option or flag as the parser and the help see it, whatever its value type.
package struct OptionSpec: Sendable {
  /// Its names, the short one (`-h`) first when there is one; the last is the long name.
  package var names: [String]
  /// The names of its values, one per value (`x,y,w,h`); empty for a flag.
  package var valueNames: [String]
  /// What it does, for the help.
  package var help: String
  /// How the help shows its default (`80x24`), if it has one.
  package var defaultDescription: String?
  /// Whether the command fails without it.
  package var isRequired: Bool
  /// Whether the help, the usage line and suggestions leave it out (for internal options).
  package var isHidden: Bool
  /// What a valid value looks like, for errors: `expected <expectation>, got '...'`.
  package var expectation: String
  /// Makes the typed value from the option's arguments, or `nil` when they are invalid.
  package var transform: @Sendable ([String]) -> (any Sendable)?
  /// The value when the option is absent.
  package var defaultValue: (any Sendable)?

  /// The long name, which identifies the option in a ``ParsedCommand``.
  ///
  /// - Complexity: O(1).
  package var key: String { names.last ?? "" }

  /// Whether it is a flag: present or not, without a value.
  ///
  /// - Complexity: O(1).
  package var isFlag: Bool { valueNames.isEmpty }

  /// `--rect <x,y,w,h>`: the long name and its values, as the usage line and errors show it.
  ///
  /// - Complexity: O(v) for v values.
  package var synopsis: String {
    ([key] + valueNames.map(Self.placeholder)).joined(separator: " ")
  }

  /// `<x,y,w,h>`; a value name that already holds `<` (`<cols>x<rows>`) is shown as written.
  ///
  /// - Complexity: O(n) for a name of n characters.
  package static func placeholder(_ valueName: String) -> String {
    valueName.contains("<") ? valueName : "<\(valueName)>"
  }
}

/// A positional argument as the parser and the help see it, whatever its value type.
package struct ArgumentSpec: Sendable {
  /// Its name, shown as `<name>`.
  package var name: String
  /// What it is, for the help.
  package var help: String
  /// Whether the command runs without it.
  package var isOptional: Bool
  /// What a valid value looks like, for errors.
  package var expectation: String
  /// Makes the typed value, or `nil` when the text is invalid.
  package var transform: @Sendable (String) -> (any Sendable)?

  /// `<file>`, or `[<file>]` when optional.
  ///
  /// - Complexity: O(n) for a name of n characters.
  package var synopsis: String { isOptional ? "[<\(name)>]" : "<\(name)>" }
}

/// An option that takes one or more values: `--rect <x,y,w,h>`, `--chart <in> <out>`.
///
/// The value may follow the name as the next argument or after `=` (`--rect=0,0,1,1`). An
/// argument that starts with `--`, or that is one of the command's option names, is never taken
/// as a value, so `--rect --svg` reports the missing value; `-10,0,5,5` is a value.
package struct Option<Value: Sendable>: OptionDeclaration {
  /// The declaration without its value type, as the command stores it.
  package let spec: OptionSpec

  /// An option of one value, made by `transform`.
  ///
  /// - Parameters:
  ///   - name: The long name, `--rect`.
  ///   - short: A one-letter short name (`f` for `-f`), if any.
  ///   - valueName: The value's name in the help, `x,y,w,h` for `<x,y,w,h>`.
  ///   - expecting: What a valid value looks like, for `expected ..., got '...'`.
  ///   - defaultValue: The value when the option is absent.
  ///   - defaultDescription: How the help shows the default; `nil` hides it.
  ///   - transform: The typed value, or `nil` when the text is invalid.
  /// - Complexity: O(1).
  package init(
    _ name: String, short: Character? = nil, valueName: String, help: String, expecting: String,
    default defaultValue: Value? = nil, defaultDescription: String? = nil, isRequired: Bool = false,
    isHidden: Bool = false, transform: @escaping @Sendable (String) -> Value?
  ) {
    self.init(
      name, short: short, valueNames: [valueName], help: help, expecting: expecting, default: defaultValue,
      defaultDescription: defaultDescription, isRequired: isRequired, isHidden: isHidden
    ) { values in values.first.flatMap(transform) }
  }

  /// An option of several values (`--chart <in> <out>`), made together by `transform`.
  ///
  /// - Complexity: O(1).
  package init(
    _ name: String, short: Character? = nil, valueNames: [String], help: String, expecting: String,
    default defaultValue: Value? = nil, defaultDescription: String? = nil, isRequired: Bool = false,
    isHidden: Bool = false, transform: @escaping @Sendable ([String]) -> Value?
  ) {
    spec = OptionSpec(
      names: (short.map { ["-\($0)"] } ?? []) + [name], valueNames: valueNames, help: help,
      defaultDescription: defaultDescription, isRequired: isRequired, isHidden: isHidden, expectation: expecting,
      transform: { values in transform(values) }, defaultValue: defaultValue)
  }
}

extension Option where Value == String {
  /// An option whose value is any text: a path, a name.
  ///
  /// - Complexity: O(1).
  package init(
    _ name: String, short: Character? = nil, valueName: String, help: String, default defaultValue: String? = nil,
    defaultDescription: String? = nil, isRequired: Bool = false, isHidden: Bool = false
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, expecting: "a value", default: defaultValue,
      defaultDescription: defaultDescription, isRequired: isRequired, isHidden: isHidden) { $0 }
  }
}

/// A flag: present or absent, without a value (`--quick`).
package struct Flag: OptionDeclaration {
  /// The declaration without its value type, as the command stores it.
  package let spec: OptionSpec

  /// Declares a flag.
  ///
  /// - Complexity: O(1).
  package init(_ name: String, short: Character? = nil, help: String, isHidden: Bool = false) {
    spec = OptionSpec(
      names: (short.map { ["-\($0)"] } ?? []) + [name], valueNames: [], help: help, defaultDescription: nil,
      isRequired: false, isHidden: isHidden, expectation: "no value", transform: { _ in true }, defaultValue: nil)
  }
}

/// A positional argument (`<file>`).
package struct Argument<Value: Sendable>: ArgumentDeclaration {
  /// The declaration without its value type, as the command stores it.
  package let spec: ArgumentSpec

  /// A positional argument made by `transform`.
  ///
  /// - Complexity: O(1).
  package init(
    _ name: String, help: String, isOptional: Bool = false, expecting: String,
    transform: @escaping @Sendable (String) -> Value?
  ) {
    spec = ArgumentSpec(
      name: name, help: help, isOptional: isOptional, expectation: expecting, transform: { transform($0) })
  }
}

extension Argument where Value == String {
  /// A positional argument that is any text.
  ///
  /// - Complexity: O(1).
  package init(_ name: String, help: String, isOptional: Bool = false) {
    self.init(name, help: help, isOptional: isOptional, expecting: "a value") { $0 }
  }
}
