package serve

import (
	"context"
	"net/http"
	"sort"
	"strconv"
	"strings"

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
	Handle func(*Server) handlerFunc
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
		},
		{
			Method: "GET", Path: "/v1/openapi.json", Summary: "this document",
			Response: map[string]any{"type": "object"},
			Handle: func(s *Server) handlerFunc {
				return func(context.Context, *http.Request) (any, error) { return s.OpenAPI(), nil }
			},
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
	}
}

// OpenAPI is the API's OpenAPI 3.1 document, built from the route table.
func (s *Server) OpenAPI() map[string]any {
	paths := map[string]any{}
	for _, r := range s.routes() {
		op := map[string]any{"summary": r.Summary, "operationId": r.Method + " " + r.Path}
		if r.Request != nil {
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{"application/json": map[string]any{"schema": r.Request}}}
		}
		responses := map[string]any{"200": map[string]any{"description": "OK", "content": map[string]any{"application/json": map[string]any{"schema": r.Response}}}}
		errs := append([]int(nil), r.Errors...)
		sort.Ints(errs)
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
	problem := obj([]string{"pointer", "message"}, map[string]any{"pointer": str("JSON pointer into the input"), "message": str("what is wrong and what is allowed")})
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "rulehost",
			"version":     "1",
			"description": "Tabletop-RPG rulesets as data: validate them, roll their checks, answer GM tags. Capability API " + ruleset.EngineCapabilityAPI + ".",
		},
		"paths": paths,
		"components": map[string]any{"schemas": map[string]any{
			"Problem":    problem,
			"Validation": obj([]string{"valid", "problems", "warnings"}, map[string]any{"valid": map[string]any{"type": "boolean"}, "problems": arr(ref("Problem"), "why the input is refused"), "warnings": arr(ref("Problem"), "legal but does nothing")}),
			"Record": obj([]string{"tag", "attrs"}, map[string]any{
				"tag":   str("the record's name: check, roll, inventory, refused, ..."),
				"attrs": arr(map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "minItems": 2, "maxItems": 2}, "[key, value] pairs in order (docs/record.md)"),
			}),
			"RecordOut": obj([]string{"record", "text"}, map[string]any{"record": ref("Record"), "text": str("the record as text, exactly like a GM tag")}),
			"Error": obj([]string{"error"}, map[string]any{"error": obj([]string{"code", "message"}, map[string]any{
				"code":     str("reason code: bad-request, too-large, invalid-ruleset, invalid-sheet, bad-tag, unknown-who, unknown-tag, unknown-bundled, no-bundled, not-found, method-not-allowed, deadline, engine-error"),
				"message":  str("what is wrong and what to do"),
				"problems": arr(ref("Problem"), "for invalid-ruleset and invalid-sheet: every problem at its pointer"),
			})}),
		}},
	}
}
