// The `cascade` command line: see Docs/CLI.md and Docs/Spec/Protocol.md.

import Foundation

exit(CascadeTool.run(Array(CommandLine.arguments.dropFirst())))
