// The `cascade` command line: see Docs/CLI.md and protocol.md.

import Foundation

exit(CascadeTool.run(Array(CommandLine.arguments.dropFirst())))
