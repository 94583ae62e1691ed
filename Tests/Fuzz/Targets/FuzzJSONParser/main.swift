import CascadeJSON
import FuzzSupport

cascade_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? JSONParser.parse(bytes)
  return 0
}
