// Counting heap allocations on Linux with no C target, no LD_PRELOAD and no dlsym.
//
// Every Swift heap allocation (class instances, array and string buffers, boxes,
// `UnsafeMutablePointer.allocate`) goes through the runtime's `swift_slowAlloc`, which lives in
// libswiftCore.so and calls `malloc` (or `posix_memalign` for over-aligned requests) through its
// own GOT. `Allocations.install()` finds libswiftCore's load address in /proc/self/maps, reads
// the library's relocation table from its file, and rewrites the GOT slots of `malloc`, `calloc`,
// `realloc` and `posix_memalign` to point at counting wrappers that call glibc's functions.
//
// Why not the alternatives: glibc 2.34 removed `__malloc_hook`; `mallinfo2()` gives bytes in use,
// not calls; defining `malloc` in this executable (`@_cdecl("malloc")`) does not work because
// SwiftPM links executables without `--export-dynamic`, so libswiftCore never sees the
// definition; LD_PRELOAD needs a C library.
//
// What it counts: calls made by the Swift runtime and standard library (libswiftCore). Calls
// that C libraries make on their own (glibc's stdio buffers) are not counted; the benchmarks
// do not make any inside a timed region. `Allocations.selfTest()` checks one count per array.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The number of allocations counted since `install()`. Single-threaded use only.
nonisolated(unsafe) var _allocationCount = 0

private let _countingMalloc: @convention(c) (Int) -> UnsafeMutableRawPointer? = { size in
  _allocationCount &+= 1
  return malloc(size)
}
private let _countingCalloc: @convention(c) (Int, Int) -> UnsafeMutableRawPointer? = { n, size in
  _allocationCount &+= 1
  return calloc(n, size)
}
private let _countingRealloc: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer? = {
  pointer, size in
  _allocationCount &+= 1
  return realloc(pointer, size)
}
private let _countingPosixMemalign:
  @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int, Int) -> Int32 = { out, alignment, size in
    _allocationCount &+= 1
    return posix_memalign(out, alignment, size)
  }

enum Allocations {
  /// Whether the hooks are in place; `count` is meaningless when not.
  nonisolated(unsafe) static var isInstalled = false

  /// The running count of allocations.
  @inline(__always)
  static var count: Int { _allocationCount }

  /// Patches libswiftCore's GOT. Returns a reason when it could not.
  static func install() -> String? {
    #if os(Linux)
    guard let (path, base) = _mapping(ofLibraryEndingWith: "/libswiftCore.so") else {
      return "libswiftCore.so not found in /proc/self/maps (statically linked?)"
    }
    guard let file = readWholeFile(path) else { return "cannot read \(path)" }
    let patched = _patch(file, base: base)
    if patched == 0 { return "no malloc relocation found in \(path)" }
    isInstalled = true
    return nil
    #else
    return "allocation counting is implemented for Linux only"
    #endif
  }

  /// One allocation per array created in a loop, none for a reused buffer: the check that the
  /// method sees what the benchmarks need. Returns a failure message or `nil`.
  static func selfTest() -> String? {
    guard isInstalled else { return "not installed" }
    var sink = 0
    let before = count
    for i in 0..<1000 { sink &+= _makeArray(i).count }
    let arrays = count - before
    var buffer: [Int] = []
    buffer.reserveCapacity(64)
    let before2 = count
    for i in 0..<1000 {
      buffer.removeAll(keepingCapacity: true)
      buffer.append(i)
      sink &+= buffer.count
    }
    let reused = count - before2
    blackHole(sink)
    if arrays != 1000 { return "expected 1000 allocations for 1000 arrays, counted \(arrays)" }
    if reused != 0 { return "expected 0 allocations for a reused buffer, counted \(reused)" }
    return nil
  }

  @inline(never)
  private static func _makeArray(_ i: Int) -> [Int] { Array(repeating: i, count: i % 7 + 3) }

  /// The path and load address of the first mapping (file offset 0) of a library.
  private static func _mapping(ofLibraryEndingWith suffix: String) -> (String, UInt)? {
    guard let maps = readWholeFile("/proc/self/maps") else { return nil }
    for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 6, fields[5].hasSuffix(suffix), Int(fields[2], radix: 16) == 0,
            let start = UInt(fields[0].split(separator: "-")[0], radix: 16) else { continue }
      return (String(fields[5]), start)
    }
    return nil
  }

  /// Walks the ELF64 file's RELA sections that refer to its dynamic symbol table and rewrites
  /// the slots of the allocation functions. Returns how many slots it rewrote.
  private static func _patch(_ file: [UInt8], base: UInt) -> Int {
    func u16(_ o: Int) -> Int { Int(file[o]) | Int(file[o + 1]) << 8 }
    func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
    func u64(_ o: Int) -> Int { u32(o) | u32(o + 4) << 32 }
    guard file.count > 0x40, file[0] == 0x7f, file[1] == 0x45, file[4] == 2 else { return 0 }  // ELF64
    // The relocation types that fill a GOT slot with a function's address.
    let slotTypes: Set<Int>
    switch u16(0x12) {  // e_machine
    case 62: slotTypes = [7, 6]  // x86-64: R_X86_64_JUMP_SLOT, R_X86_64_GLOB_DAT
    case 183: slotTypes = [1026, 1025]  // AArch64: R_AARCH64_JUMP_SLOT, R_AARCH64_GLOB_DAT
    default: return 0
    }
    let sectionTable = u64(0x28), entrySize = u16(0x3a), sectionCount = u16(0x3c)
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    var patched = 0
    for s in 0..<sectionCount {
      let header = sectionTable + s * entrySize
      guard u32(header + 4) == 4 else { continue }  // SHT_RELA
      let relocations = u64(header + 0x18), size = u64(header + 0x20), stride_ = u64(header + 0x38)
      let symbols = sectionTable + u32(header + 0x28) * entrySize
      guard u32(symbols + 4) == 11, stride_ > 0 else { continue }  // SHT_DYNSYM
      let symbolTable = u64(symbols + 0x18), symbolSize = u64(symbols + 0x38)
      let strings = u64(sectionTable + u32(symbols + 0x28) * entrySize + 0x18)
      for r in stride(from: relocations, to: relocations + size, by: stride_) {
        let offset = u64(r), info = u64(r + 8)
        let type = info & 0xffff_ffff
        guard slotTypes.contains(type) else { continue }
        var end = strings + u32(symbolTable + (info >> 32) * symbolSize)
        let start = end
        while file[end] != 0 { end += 1 }
        let hook: UnsafeRawPointer
        switch String(decoding: file[start..<end], as: UTF8.self) {
        case "malloc": hook = unsafeBitCast(_countingMalloc, to: UnsafeRawPointer.self)
        case "calloc": hook = unsafeBitCast(_countingCalloc, to: UnsafeRawPointer.self)
        case "realloc": hook = unsafeBitCast(_countingRealloc, to: UnsafeRawPointer.self)
        case "posix_memalign": hook = unsafeBitCast(_countingPosixMemalign, to: UnsafeRawPointer.self)
        default: continue
        }
        let address = base + UInt(offset)
        let pageStart = UnsafeMutableRawPointer(bitPattern: address / UInt(page) * UInt(page))
        guard mprotect(pageStart, page, PROT_READ | PROT_WRITE) == 0,
              let slot = UnsafeMutablePointer<UnsafeRawPointer>(bitPattern: address) else { continue }
        slot.pointee = hook
        patched += 1
      }
    }
    return patched
  }
}

/// The whole content of a file, or `nil`.
func readWholeFile(_ path: String) -> [UInt8]? {
  guard let f = fopen(path, "rb") else { return nil }
  defer { fclose(f) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let got = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
    if got == 0 { break }
    bytes.append(contentsOf: chunk[0..<got])
  }
  return bytes
}
