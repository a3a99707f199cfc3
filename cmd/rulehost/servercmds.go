package main

// The server commands: the ones that need the HTTP server, the session
// stores (PostgreSQL), the MCP SDK or the load driver. The default build
// links them in process; the light build (the rulehost_light tag, what
// `make build` ships as bin/rulehost) registers the same names and usages
// and hands the command line to the full binary, rulehost-server
// (server_light.go), so a one-shot command never initialises those
// libraries (docs/performance.md, "One-shot commands").

// commandInfo is what `rulehost --help` lists of a command: both builds
// take it from here, so their listings are the same.
type commandInfo struct{ Name, Usage string }

var (
	serveInfo = commandInfo{"serve", "serve the engine over HTTP/JSON (validate, check, roll, odds, prompt, sessions, replay; the /play page; docs/http.md)"}
	mcpInfo   = commandInfo{"mcp", "serve the engine to a language-model Game Master over MCP on stdio (docs/mcp.md)"}
	toolsInfo = commandInfo{"tools", "print the Game Master's tools of a ruleset and party in a model provider's JSON shape (docs/mcp.md)"}
	loadInfo  = commandInfo{"load", "drive load at a running `rulehost serve` and print requests per second and latencies"}
)

// serverBinary is the full binary's file name, looked for beside the
// light one and then on PATH.
const serverBinary = "rulehost-server"

// execedEnv is set on the way into rulehost-server: a light build that
// finds it set was itself started as the server binary (a light build
// installed under the server's name), and says so instead of starting
// itself again without end. The full build clears it (server_full.go), so
// it never reaches what the server starts.
const execedEnv = "RULEHOST_LIGHT_EXEC"
