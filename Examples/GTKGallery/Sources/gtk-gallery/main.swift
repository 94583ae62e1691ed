// gtk-gallery: a scrolling, multi-section waterfall of real GTK 4 widgets backed by Cascade.
//
//   gtk-gallery [--seed N] [--sections N]                  a window: scroll, resize, arrows, click
//   gtk-gallery --screenshot DIR [--frames N] [--speed P]  N frames without a person, 3 PNGs, timings

import CGtk
import Cascade
import CascadeView

struct Options {
  var seed: UInt64 = 7
  var sections = 16
  var screenshot: String?
  var frames = 300
  var speed = 24.0
  var width: Int32 = 900
  var height: Int32 = 700
  var verbose = false
  var extraShots: [Int] = []

  init(_ arguments: [String]) {
    var it = arguments.dropFirst().makeIterator()
    func value(_ name: String) -> String {
      guard let v = it.next() else { fail("\(name) needs a value") }
      return v
    }
    while let a = it.next() {
      switch a {
      case "--seed": seed = UInt64(value(a)) ?? { fail("--seed: a number") }()
      case "--sections": sections = Int(value(a)).flatMap { $0 > 0 ? $0 : nil } ?? { fail("--sections: a number > 0") }()
      case "--screenshot": screenshot = value(a)
      case "--verbose": verbose = true
      case "--shot": extraShots.append((Int(value(a)) ?? { fail("--shot: a frame number") }()) - 1)
      case "--frames": frames = Int(value(a)).flatMap { $0 >= 40 ? $0 : nil } ?? { fail("--frames: a number >= 40") }()
      case "--speed": speed = Double(value(a)).flatMap { $0 > 0 ? $0 : nil } ?? { fail("--speed: points a frame, > 0") }()
      case "-h", "--help":
        print("""
          usage: gtk-gallery [--seed N] [--sections N]
                 gtk-gallery --screenshot DIR [--frames N (>= 40, default 300)] [--speed POINTS (default 24)]
                             [--shot FRAME]... [--verbose]
          """)
        exit(0)
      default: fail("unknown argument \(a)")
      }
    }
  }
}

func fail(_ message: String) -> Never {
  let line = "gtk-gallery: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(2)
}

let options = Options(CommandLine.arguments)
gtk_init()
installCSS(galleryCSS)

let gallery: Gallery
do {
  gallery = try Gallery(
    sections: SampleContent.make(seed: options.seed, sections: options.sections),
    width: Int(options.width), height: Int(options.height))
} catch {
  fail("\(error)")
}
let loop = g_main_loop_new(nil, 0)!
let quit: @convention(c) (Widget?, UnsafeMutableRawPointer?) -> Int32 = { _, loop in
  g_main_loop_quit(OpaquePointer(loop))
  return 0
}
connect(UnsafeMutableRawPointer(gallery.window), "close-request", quit, UnsafeMutableRawPointer(loop))

gallery.trace = options.verbose && options.screenshot == nil
var run: ScreenshotRun?
if let directory = options.screenshot {
  if g_mkdir_with_parents(directory, 0o755) != 0 { fail("cannot create \(directory)") }
  run = ScreenshotRun(
    gallery: gallery, directory: directory, frames: options.frames, speed: options.speed,
    resizeTo: (620, options.height), loop: loop)
  run!.verbose = options.verbose
  run!.extraShots = options.extraShots
  run!.start()
}
gtk_window_present(cast(gallery.window))
g_main_loop_run(loop)
if let run, !run.succeeded { exit(1) }
