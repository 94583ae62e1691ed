// The JSON layer of protocol.md lives here (see Docs/CLI.md).
