// Package mcp gives the engine to language-model Game Masters on their
// own terms: every tag the engine and the loaded plugins answer is a tool
// whose input schema comes from the ruleset and the party, and a tool
// call is that tag. A call is turned into the exact tag text and answered
// as that tag in a GM reply (same record, same dice stream, same
// refusals); in a session it is appended to the log as that tag, several
// calls of one model turn forming one reply, so folding, regenerating and
// goldens are unchanged (docs/mcp.md).
//
// The package has three layers: the vocabulary (vocab.go: which tools a
// ruleset offers and what each argument means, the table docs/tags.md is
// held to), the table (table.go: a session, or a ruleset and a party in
// memory, answering calls), and the servers (server.go: an MCP server on
// the official Go SDK over stdio or streamable HTTP; shapes.go: the
// OpenAI and Anthropic tool shapes for hosts that call models directly).
//
// It may import the engine and the plugin host's manifests (host/plugin);
// service/serve and cmd import it; it never imports service/, suite/ or
// cmd/.
package mcp
