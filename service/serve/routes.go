package serve

import (
	"context"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// route is one row of the API: the multiplexer and the OpenAPI document
// are both built from these rows.
type route struct {
	Method, Path string
	Summary      string
	// Request and Response are JSON Schemas (nil for no body).
	Request, Response map[string]any
	// Errors are the statuses this route may answer besides 200.
	Errors []int
	// Query are the route's query parameters (name -> schema); path
	// parameters ({id}) are documented from the path.
	Query  map[string]any
	Handle func(*Server) handlerFunc
	// Public routes answer without an API key (health, readiness, this
	// document); every other wants one when the service has keys.
	Public bool
	// Stream routes answer text/event-stream, each event of Response's
	// schema, and run without the request deadline.
	Stream bool
}

// schema helpers, so the table reads as data.
func obj(required []string, props map[string]any) map[string]any {
	o := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		o["required"] = required
	}
	return o
}
func str(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
func integer(desc string, min int) map[string]any {
	return map[string]any{"type": "integer", "minimum": min, "description": desc}
}
func arr(items map[string]any, desc string) map[string]any {
	return map[string]any{"type": "array", "items": items, "description": desc}
}
func ref(name string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + name} }

var (
	rulesetProps = map[string]any{
		"ruleset": map[string]any{"type": "object", "description": "the ruleset JSON itself (docs/ruleset.md)"},
		"bundled": str("the name of a bundled ruleset instead (its folder under the service's --bundled DIR), e.g. d20-5e"),
	}
	promptProps = map[string]any{
		"sections": arr(map[string]any{"type": "string", "enum": prompt.Names}, "keep only these sections"),
		"maxChars": integer("cut the prompt to at most this many characters, in the documented order (docs/prompt.md)", 0),
		"format":   str("reshape it through a loaded plugin's formatter (plain when left out)"),
	}
	sheetProps = map[string]any{
		"sheets":        arr(map[string]any{"type": "object"}, "character sheets (docs/sheet.md), the first is the default roller"),
		"bundledSheets": arr(str(""), "names of the bundled ruleset's sheets (file names without .json), e.g. ada"),
	}
)

func merge(ms ...map[string]any) map[string]any {
	out := map[string]any{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func (s *Server) routes() []route {
	return []route{
		{
			Method: "GET", Path: "/healthz", Summary: "liveness: the service answers",
			Response: obj([]string{"status"}, map[string]any{"status": str(`"ok"`), "capabilityApi": str("the engine's Capability API level")}),
			Handle:   func(s *Server) handlerFunc { return s.handleHealth },
			Public:   true,
		},
		{
			Method: "GET", Path: "/readyz", Summary: "readiness: the session store answers (PostgreSQL ping, the folder writable); 503 store-unavailable when not",
			Response: obj([]string{"status"}, map[string]any{"status": str(`"ready"`), "store": str("the store's kind (dir, postgres), when the service has one")}),
			Errors:   []int{503},
			Handle:   func(s *Server) handlerFunc { return s.handleReady },
			Public:   true,
		},
		{
			Method: "GET", Path: "/v1/openapi.json", Summary: "this document",
			Response: map[string]any{"type": "object"},
			Handle: func(s *Server) handlerFunc {
				return func(context.Context, *http.Request) (any, error) { return s.OpenAPI(), nil }
			},
			Public: true,
		},
		{
			Method: "POST", Path: "/v1/validate", Summary: "validate a ruleset (and sheets against it) as an import would: every problem at its JSON pointer",
			Request:  obj(nil, merge(rulesetProps, sheetProps)),
			Response: ref("Validation"),
			Errors:   []int{400, 404, 413},
			Handle:   func(s *Server) handlerFunc { return s.handleValidate },
		},
		{
			Method: "POST", Path: "/v1/check", Summary: "answer a tag (skill_check, roll_dice, a plugin's tag) against a ruleset and sheets",
			Request: obj([]string{"tag"}, merge(rulesetProps, sheetProps, map[string]any{
				"tag":    str(`one GM tag, e.g. [skill_check: skill="Athletics" dc="15"]`),
				"seed":   integer("the seed (the same seed gives the same record)", 0),
				"repeat": map[string]any{"type": "integer", "minimum": 1, "maximum": MaxRepeat, "description": "roll on seeds seed..seed+repeat-1"},
			})),
			Response: obj([]string{"records"}, map[string]any{"records": arr(ref("RecordOut"), "one per seed")}),
			Errors:   []int{400, 404, 413, 422, 503},
			Handle:   func(s *Server) handlerFunc { return s.handleCheck },
		},
		{
			Method: "POST", Path: "/v1/roll", Summary: "roll a roll_dice tag (notation, or a symbol-pool ruleset's dice by name)",
			Request: obj([]string{"tag"}, merge(rulesetProps, map[string]any{
				"tag":  str(`[roll_dice: dice="4d6kh3"]`),
				"seed": integer("the seed", 0),
			})),
			Response: ref("RecordOut"),
			Errors:   []int{400, 404, 413, 422},
			Handle:   func(s *Server) handlerFunc { return s.handleRoll },
		},
		{
			Method: "POST", Path: "/v1/odds", Summary: "the probability of every outcome of a skill_check tag (what `rulehost odds --json` prints): exact for native kinds, a plugin kind's odds function or a walk of its throws; sampled when its throws are too many; for a roll_dice tag, the exact probability of every total (in dice, odds left out)",
			Request: obj([]string{"tag"}, merge(rulesetProps, sheetProps, map[string]any{
				"tag":     str(`a skill_check tag, e.g. [skill_check: skill="Athletics" dc="15"], or a roll_dice tag, e.g. [roll_dice: dice="4d6kh3"] (no ruleset or sheet needed)`),
				"vs":      str("a second skill_check tag to compare with (its odds in vs)"),
				"sweep":   str("ATTR=LO..HI, e.g. dc=5..25: the chance of success with the tag's attribute at each value (at most 501 values)"),
				"samples": map[string]any{"type": "integer", "minimum": 1, "maximum": MaxSamples, "description": "seeded rolls for a kind without exact odds (20000 by default)"},
				"seed":    integer("the first seed sampled (1 by default)", 0),
			})),
			Response: obj(nil, map[string]any{
				"odds":  ref("Odds"),
				"dice":  ref("DiceOdds"),
				"vs":    ref("Odds"),
				"sweep": obj([]string{"attr", "points"}, map[string]any{"attr": str("the attribute swept"), "points": arr(ref("SweepPoint"), "one per value, in order")}),
			}),
			Errors: []int{400, 404, 413, 422, 503},
			Handle: func(s *Server) handlerFunc { return s.handleOdds },
		},
		{
			Method: "POST", Path: "/v1/prompt", Summary: "the GM prompt at the start of a game, from a ruleset and a party (what `rulehost prompt --ruleset --party --json` prints)",
			Request:  obj(nil, merge(rulesetProps, sheetProps, promptProps)),
			Response: ref("Prompt"),
			Errors:   []int{400, 404, 413, 422},
			Handle:   func(s *Server) handlerFunc { return s.handlePrompt },
		},
		{
			Method: "GET", Path: "/v1/sessions/{id}/prompt", Summary: "the GM prompt of a session as its log stands (what `rulehost prompt --session --json` prints)",
			Query: map[string]any{
				"section":  map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": prompt.Names}, "description": "keep only these sections (repeat the parameter)"},
				"maxChars": integer("cut the prompt to at most this many characters", 0),
				"format":   str("reshape it through a loaded plugin's formatter"),
			},
			Response: ref("Prompt"),
			Errors:   []int{400, 404, 409, 422},
			Handle:   func(s *Server) handlerFunc { return s.handleSessionPrompt },
		},
		{
			Method: "GET", Path: "/v1/bundled", Summary: "the bundled rulesets, each with its sheets and transcripts by name (what bundled, bundledSheets and transcript may name)",
			Response: obj([]string{"bundled"}, map[string]any{"bundled": arr(obj([]string{"name", "sheets", "transcripts"}, map[string]any{
				"name": str("the ruleset's name (bundled)"), "sheets": arr(str(""), "its sheets (bundledSheets)"), "transcripts": arr(str(""), "its transcripts (transcript)"),
			}), "sorted by name")}),
			Handle: func(s *Server) handlerFunc { return s.handleBundled },
		},
		{
			Method: "GET", Path: "/v1/bundled/{name}", Summary: "one bundled ruleset's files as text, byte for byte (what the playground's editor starts from): its ruleset.json, each sheet and each transcript",
			Response: obj([]string{"name", "ruleset", "sheets", "transcripts"}, map[string]any{
				"name":    str("the ruleset's name (bundled)"),
				"ruleset": str("its ruleset.json as written"),
				"sheets": arr(obj([]string{"name", "text"}, map[string]any{
					"name": str("the sheet's name (bundledSheets)"), "text": str("the sheet's JSON as written"),
				}), "sorted by name"),
				"transcripts": arr(obj([]string{"name", "text"}, map[string]any{
					"name": str("the transcript's name (transcript)"), "text": str("the transcript as written (docs/session.md)"),
				}), "sorted by name"),
			}),
			Errors: []int{400, 404},
			Handle: func(s *Server) handlerFunc { return s.handleBundledFiles },
		},
		{
			Method: "GET", Path: "/v1/schema/{name}", Summary: "the JSON Schema of a file (ruleset, sheet, catalog, plugin-case), what `rulehost schema NAME` prints: for an editor's completion; the engine's validator stays the authority",
			Response: map[string]any{"type": "object", "description": "a JSON Schema, draft 2020-12"},
			Errors:   []int{404},
			Handle:   func(s *Server) handlerFunc { return s.handleSchema },
			Public:   true,
		},
		{
			Method: "GET", Path: "/v1/transcripts", Summary: "the bundled rulesets' example transcripts (NAME/transcripts/*.txt), to replay",
			Response: obj([]string{"transcripts"}, map[string]any{"transcripts": arr(obj([]string{"bundled", "name"}, map[string]any{
				"bundled": str("the bundled ruleset"), "name": str("the transcript's file name without .txt"),
			}), "sorted by ruleset and name")}),
			Handle: func(s *Server) handlerFunc { return s.handleTranscripts },
		},
		{
			Method: "POST", Path: "/v1/replay", Summary: "answer a transcript reply by reply without storing a session (what `rulehost run` does): each entry's records and the inventory block after it",
			Request: obj(nil, merge(rulesetProps, sheetProps, map[string]any{
				"transcript": str("a bundled ruleset's transcript by name (GET /v1/transcripts), e.g. 02-the-fence; with bundled and no sheets the ruleset's sample party plays it"),
				"text":       str("a transcript sent inline instead (docs/session.md: entries opened by --- gm, --- player, --- regenerate)"),
				"seed":       integer("the game's seed (1 by default, as the bundled transcripts' goldens)", 0),
			})),
			Response: obj([]string{"steps"}, map[string]any{"steps": arr(ref("ReplayStep"), "one per entry, in order")}),
			Errors:   []int{400, 404, 413, 422, 503},
			Handle:   func(s *Server) handlerFunc { return s.handleReplay },
		},
		{
			Method: "POST", Path: "/v1/sessions", Summary: "start a session from a ruleset and a party (inline or bundled); the ruleset and party JSON are stored with it",
			Request: obj(nil, merge(rulesetProps, sheetProps, map[string]any{
				"id":   str("the session's id (1-64 letters, digits, - and _); a random one when left out"),
				"seed": integer("the session's seed", 0),
			})),
			Response: obj([]string{"id", "seq"}, map[string]any{"id": str("the session's id"), "seq": integer("the seq its log ends at (0)", 0)}),
			Errors:   []int{400, 404, 409, 413, 422},
			Handle:   func(s *Server) handlerFunc { return s.handleCreateSession },
		},
		{
			Method: "GET", Path: "/v1/sessions/{id}", Summary: "a session's state: the fold of its log (inventory block, live state, party, last reply)",
			Response: obj([]string{"id", "seq", "seed", "replies", "inventory", "live", "party"}, map[string]any{
				"id": str(""), "seq": integer("the seq the log ends at", 0), "seed": integer("", 0),
				"replies":   integer("effective replies (a regenerated reply counts once)", 0),
				"lastReply": ref("Reply"),
				"inventory": str("the inventory block the GM reads"),
				"live":      str("health, pools, tracks, conditions, charges"),
				"party":     map[string]any{"type": "object", "description": "the party's state as JSON"},
			}),
			Errors: []int{400, 404, 409},
			Handle: func(s *Server) handlerFunc { return s.handleState },
		},
		{
			Method: "POST", Path: "/v1/sessions/{id}/events", Summary: "append a GM reply or a player action; its tags are answered (409 with the current seq when expectedSeq is stale)",
			Request: obj([]string{"kind", "text"}, map[string]any{
				"kind":        map[string]any{"type": "string", "enum": []string{"gm", "player"}},
				"text":        str("the reply or action as written; every tag in it is answered"),
				"expectedSeq": integer("append only if the log ends at this seq", 0),
			}),
			Response: ref("Appended"),
			Errors:   []int{400, 404, 409, 413, 422},
			Handle:   func(s *Server) handlerFunc { return s.handleAppend },
		},
		{
			Method: "POST", Path: "/v1/sessions/{id}/tool-calls", Summary: "answer one model turn's tool calls (OpenAI's, Anthropic's or MCP's shape, docs/mcp.md) as one GM reply of the session: each call is its tag; the results come back in the same shape",
			Request: map[string]any{"description": `{"tool_calls": [...]} (OpenAI), {"content": [...]} (Anthropic), {"calls": [{"name", "arguments"}]} (MCP), or the list alone`,
				"type": []string{"object", "array"}},
			Response: map[string]any{"type": "object", "description": `{"messages": [...]} (OpenAI), {"role": "user", "content": [...]} (Anthropic) or {"results": [...]} (MCP), with "structured": each call's record and keys`},
			Errors:   []int{400, 404, 409, 413, 422},
			Handle:   func(s *Server) handlerFunc { return s.handleToolCalls },
		},
		{
			Method: "GET", Path: "/v1/sessions/{id}/events", Summary: "the events after a seq, as stored (regenerations included), at most 1000 a page",
			Query: map[string]any{
				"after": integer("the seq to read after (0: from the start)", 0),
				"limit": map[string]any{"type": "integer", "minimum": 1, "maximum": MaxEventsPage, "description": "at most this many (1000 by default; more is set when there are more)"},
				"tail":  map[string]any{"type": "integer", "minimum": 1, "maximum": MaxEventsPage, "description": "only the last this many events (after after=)"},
			},
			Response: obj([]string{"events", "more"}, map[string]any{"events": arr(ref("Event"), "in seq order"), "more": map[string]any{"type": "boolean", "description": "the page is full: ask again after its last seq"}}),
			Errors:   []int{400, 404},
			Handle:   func(s *Server) handlerFunc { return s.handleEvents },
		},
		{
			Method: "GET", Path: "/v1/sessions", Summary: "the sessions of the caller's key (every session without keys), oldest first",
			Query: map[string]any{"limit": map[string]any{"type": "integer", "minimum": 1, "maximum": MaxEventsPage, "description": "at most this many (1000 by default)"}},
			Response: obj([]string{"sessions", "more"}, map[string]any{
				"sessions": arr(obj([]string{"id", "seq", "created", "updated"}, map[string]any{
					"id": str(""), "seq": integer("the seq its log ends at", 0),
					"created": map[string]any{"type": "string", "format": "date-time"},
					"updated": map[string]any{"type": "string", "format": "date-time", "description": "the last append (the idle expiry counts from it)"},
				}), "oldest first"),
				"more": map[string]any{"type": "boolean", "description": "there are more than limit"},
			}),
			Errors: []int{400, 404},
			Handle: func(s *Server) handlerFunc { return s.handleListSessions },
		},
		{
			Method: "DELETE", Path: "/v1/sessions/{id}", Summary: "delete a session of the caller's key: its record and every event",
			Response: obj([]string{"id", "deleted"}, map[string]any{"id": str(""), "deleted": map[string]any{"type": "boolean"}}),
			Errors:   []int{400, 404},
			Handle:   func(s *Server) handlerFunc { return s.handleDeleteSession },
		},
		{
			Method: "POST", Path: "/v1/sessions/{id}/batch", Summary: "append several entries as one batch, all or none (a player action and the GM reply it answers); Idempotency-Key covers the batch",
			Request: obj([]string{"entries"}, map[string]any{
				"entries": map[string]any{"type": "array", "minItems": 1, "maxItems": MaxBatch, "items": obj([]string{"kind", "text"}, map[string]any{
					"kind": map[string]any{"type": "string", "enum": []string{"gm", "player", "regenerate"}},
					"text": str(""),
				}), "description": "in order; each is checked against the log as the ones before it leave it"},
				"expectedSeq": integer("append only if the log ends at this seq", 0),
			}),
			Response: obj([]string{"seq", "replies"}, map[string]any{"seq": integer("the seq of the first entry", 1), "replies": arr(ref("Reply"), "one per entry, in order")}),
			Errors:   []int{400, 404, 409, 413, 422},
			Handle:   func(s *Server) handlerFunc { return s.handleBatch },
		},
		{
			Method: "GET", Path: "/v1/sessions/{id}/events/stream", Summary: "the events as Server-Sent Events (id: the seq; event: event; data: the Event), from after Last-Event-ID (or after=) on, then each new one as any server stores it",
			Query:    map[string]any{"after": integer("the seq to start after when there is no Last-Event-ID header (0: from the start)", 0)},
			Response: ref("Event"),
			Errors:   []int{400, 404},
			Stream:   true,
			Handle:   func(s *Server) handlerFunc { return s.handleStream },
		},
		{
			Method: "POST", Path: "/v1/sessions/{id}/regenerate", Summary: "replace the last GM reply with a new text (the state goes back to before it; nothing happens twice)",
			Request: obj([]string{"text"}, map[string]any{
				"text":        str("the new reply"),
				"expectedSeq": integer("append only if the log ends at this seq", 0),
			}),
			Response: ref("Appended"),
			Errors:   []int{400, 404, 409, 413, 422},
			Handle:   func(s *Server) handlerFunc { return s.handleRegenerate },
		},
		{
			Method: "POST", Path: "/v1/sessions/{id}/upgrade", Summary: "re-answer a session's whole log under this rulehost's rules and record its answering version and plugins: a session another version or other plugins answered is refused 409 answered-by-another-version or plugins-changed until then (what `rulehost session upgrade` does for a folder)",
			Response: obj([]string{"id", "from", "to", "upgraded", "changes", "seq", "replies", "records"}, map[string]any{
				"id":       str("the session's id"),
				"from":     integer("the answering version its log was answered by (0: not recorded)", 0),
				"to":       integer("this rulehost's answering version", 0),
				"upgraded": map[string]any{"type": "boolean", "description": "false when the session was already this version's (nothing written)"},
				"changes":  arr(str(""), "what changed under the session"),
				"seq":      integer("the seq its log ends at", 0),
				"replies":  integer("the replies re-answered", 0),
				"records":  integer("the records those replies hold now", 0),
			}),
			Errors: []int{400, 404, 409, 422, 501, 503},
			Handle: func(s *Server) handlerFunc { return s.handleUpgrade },
		},
	}
}

// statuses are the error statuses a route may answer: its own and those
// of admission (admit.go) every route shares.
func (r route) statuses() []int {
	set := map[int]bool{http.StatusForbidden: true} // cross-origin
	for _, c := range r.Errors {
		set[c] = true
	}
	if r.Request != nil {
		set[http.StatusBadRequest], set[http.StatusRequestEntityTooLarge], set[http.StatusUnsupportedMediaType] = true, true, true
	}
	if !r.Public {
		set[http.StatusUnauthorized], set[http.StatusTooManyRequests] = true, true
	}
	if strings.Contains(r.Path, "/sessions") {
		set[http.StatusServiceUnavailable] = true // store-unavailable
	}
	out := make([]int, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Ints(out)
	return out
}

// parameters documents a route's path parameters and query.
func (r route) parameters() []any {
	var out []any
	for _, seg := range strings.Split(r.Path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			out = append(out, map[string]any{"name": seg[1 : len(seg)-1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
	}
	names := make([]string, 0, len(r.Query))
	for n := range r.Query {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, map[string]any{"name": n, "in": "query", "schema": r.Query[n]})
	}
	return out
}

// OpenAPI is the API's OpenAPI 3.1 document, built from the route table.
func (s *Server) OpenAPI() map[string]any {
	paths := map[string]any{}
	for _, r := range s.routes() {
		op := map[string]any{"summary": r.Summary, "operationId": r.Method + " " + r.Path}
		if params := r.parameters(); params != nil {
			op["parameters"] = params
		}
		if r.Request != nil {
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{"application/json": map[string]any{"schema": r.Request}}}
		}
		mediaType := "application/json"
		if r.Stream {
			mediaType = "text/event-stream"
		}
		responses := map[string]any{"200": map[string]any{"description": "OK", "content": map[string]any{mediaType: map[string]any{"schema": r.Response}}}}
		errs := r.statuses()
		for _, code := range errs {
			responses[strconv.Itoa(code)] = map[string]any{"description": http.StatusText(code), "content": map[string]any{"application/json": map[string]any{"schema": ref("Error")}}}
		}
		op["responses"] = responses
		item, _ := paths[r.Path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[r.Path] = item
		}
		item[strings.ToLower(r.Method)] = op
	}
	problem := obj([]string{"pointer", "message"}, map[string]any{"pointer": str("JSON pointer into the input"), "message": str("what is wrong and what is allowed"),
		"line":   integer("the line (from 1) where the member the pointer names starts (its nearest enclosing member when the problem is a missing key); absent when the input was not JSON text", 1),
		"column": integer("the column (from 1, in bytes) of that place", 1)})
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "rulehost",
			"version":     "1",
			"description": "Tabletop-RPG rulesets as data: validate them, roll their checks, answer GM tags. Capability API " + ruleset.EngineCapabilityAPI + ".",
		},
		"paths": paths,
		"components": map[string]any{"schemas": map[string]any{
			"Problem": problem,
			"Validation": obj([]string{"valid", "problems", "warnings"}, map[string]any{"valid": map[string]any{"type": "boolean"}, "problems": arr(ref("Problem"), "why the input is refused"), "warnings": arr(ref("Problem"), "legal but does nothing"),
				"input": map[string]any{"type": "string", "enum": []string{"ruleset", "sheet"}, "description": "what the problems are in (their line and column count in that text as sent)"}}),
			"Record": obj([]string{"tag", "attrs"}, map[string]any{
				"tag":   str("the record's name: check, roll, inventory, refused, ..."),
				"attrs": arr(map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "minItems": 2, "maxItems": 2}, "[key, value] pairs in order (docs/record.md)"),
			}),
			"Event":     obj([]string{"seq", "kind", "text"}, map[string]any{"seq": integer("from 1, no gaps", 1), "kind": map[string]any{"type": "string", "enum": []string{"gm", "player", "regenerate"}}, "text": str(""), "key": str("the Idempotency-Key it was appended with, when it had one")}),
			"Reply":     obj([]string{"kind", "text", "records"}, map[string]any{"kind": str("gm or player"), "text": str("the effective text"), "records": arr(ref("RecordOut"), "one per answered tag, in order")}),
			"Appended":  obj([]string{"seq", "reply"}, map[string]any{"seq": integer("the event's seq", 1), "reply": ref("Reply")}),
			"RecordOut": obj([]string{"record", "text"}, map[string]any{"record": ref("Record"), "text": str("the record as text, exactly like a GM tag")}),
			"Error": obj([]string{"error"}, map[string]any{"error": obj([]string{"code", "message"}, map[string]any{
				"code":     str("reason code: bad-request, too-large, unsupported-media-type, cross-origin, unauthorized, invalid-ruleset, invalid-sheet, bad-tag, unknown-who, unknown-tag, refused, unknown-format, unknown-bundled, no-bundled, no-store, unknown-session, exists, conflict, bad-entry, idempotency-mismatch, rate-limited, not-found, method-not-allowed, deadline, store-unavailable, engine-error"),
				"message":  str("what is wrong and what to do"),
				"problems": arr(ref("Problem"), "for invalid-ruleset and invalid-sheet: every problem at its pointer; for a refused body (bad-request): where it went wrong"),
				"seq":      integer("for conflict: the seq the session's log ends at now", 0),
				"record":   ref("RecordOut"),
			})}),
			"Odds": obj([]string{"exact", "success", "outcomes", "method"}, map[string]any{
				"exact":      map[string]any{"type": "boolean", "description": "false when estimated by sampling"},
				"success":    map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "the chance the check succeeds"},
				"outcomes":   arr(ref("Outcome"), "every outcome, in the ruleset's order"),
				"method":     map[string]any{"type": "string", "enum": []string{"exact", "plugin", "enumerated", "sampled"}},
				"errorBound": map[string]any{"type": "number", "description": "the largest error of any exact probability"},
				"neglected":  map[string]any{"type": "number", "minimum": 0, "description": "enumerated: the probability cut exploding chains left out (below 1e-12, within errorBound)"},
				"leaves":     integer("enumerated: how many replays of the plugin the walk took", 1),
				"note":       str("why odds were sampled, when a walk was given up"),
				"samples":    integer("the sample size, when sampled", 1),
				"partial":    map[string]any{"type": "boolean", "description": "sampling stopped (a deadline, a budget) before every sample asked for was drawn: samples says how many were"},
				"check":      str("what is rolled: the record's head before any die"),
			}),
			"DiceOdds": obj([]string{"dice", "exact", "method", "errorBound", "mean", "values"}, map[string]any{
				"dice":       str("the notation in canonical form, as the roll record's dice="),
				"exact":      map[string]any{"type": "boolean"},
				"method":     map[string]any{"type": "string", "enum": []string{"exact"}},
				"errorBound": map[string]any{"type": "number", "description": "the largest error of any probability"},
				"mean":       map[string]any{"type": "number"},
				"values": arr(obj([]string{"value", "p"}, map[string]any{
					"value": map[string]any{"type": "integer"}, "p": map[string]any{"type": "number", "minimum": 0, "maximum": 1},
				}), "every total that can happen, lowest first"),
			}),
			"Outcome": obj([]string{"outcome", "success", "p"}, map[string]any{
				"outcome":  str("the outcome band (or Success/Failure)"),
				"success":  map[string]any{"type": "boolean"},
				"p":        map[string]any{"type": "number", "minimum": 0, "maximum": 1},
				"critical": str("natural success or failure, when the ruleset has them"),
				"flags":    arr(str(""), "complication, triumph, despair, ..."),
				"interval": map[string]any{"type": "array", "items": map[string]any{"type": "number"}, "minItems": 2, "maxItems": 2, "description": "95% interval, when sampled"},
			}),
			"SweepPoint": obj([]string{"value", "success", "exact"}, map[string]any{
				"value": map[string]any{"type": "integer"}, "success": map[string]any{"type": "number", "minimum": 0, "maximum": 1}, "exact": map[string]any{"type": "boolean"},
			}),
			"Section": obj([]string{"name", "data", "text"}, map[string]any{
				"name": map[string]any{"type": "string", "enum": append(slices.Clone(prompt.Names), prompt.Cut), "description": "a section, or cut: the note a prompt cut by maxChars ends with"},
				"data": map[string]any{"description": "the facts the section states, for a formatter (docs/prompt.md)"},
				"text": str("the section's text"),
			}),
			"ReplayStep": obj([]string{"seq", "kind", "text", "records", "inventory", "live"}, map[string]any{
				"seq":       integer("the entry's place in the log", 1),
				"kind":      map[string]any{"type": "string", "enum": []string{"gm", "player", "regenerate"}},
				"text":      str("the entry as written"),
				"records":   arr(ref("RecordOut"), "one per answered tag, in order"),
				"inventory": str("the inventory block after this entry"),
				"live":      str("health, pools, tracks, conditions, charges after this entry"),
			}),
			"Prompt": obj([]string{"sections", "text"}, map[string]any{
				"sections": arr(ref("Section"), "in prompt order"),
				"text":     str("the whole prompt as the Game Master reads it"),
			}),
		}},
	}
}
