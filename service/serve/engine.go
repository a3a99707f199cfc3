package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
)

// rulesetSource names a ruleset: sent inline, or a bundled one by name.
type rulesetSource struct {
	Ruleset json.RawMessage `json:"ruleset,omitempty"`
	Bundled string          `json:"bundled,omitempty"`
}

// sheetSources are a request's sheets: inline, or by name from the
// bundled ruleset's sheets/ folder (file name without .json).
type sheetSources struct {
	Sheets        []json.RawMessage `json:"sheets,omitempty"`
	BundledSheets []string          `json:"bundledSheets,omitempty"`
}

// bundledName keeps a bundled name to one path segment of plain letters,
// so no request can read outside the bundled folder.
// It is ^[a-z0-9][a-z0-9_-]{0,63}$, by hand: it is asked on every request.
var bundledName = nameMatcher{}

type nameMatcher struct{}

func (nameMatcher) MatchString(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case (c == '_' || c == '-') && i > 0:
		default:
			return false
		}
	}
	return true
}

func (s *Server) bundledPath(kind, name string, parts ...string) (string, error) {
	if s.opts.Bundled == "" {
		return "", &apiError{Status: http.StatusNotFound, Code: "no-bundled", Message: "this service was started without bundled rulesets (--bundled DIR)"}
	}
	if !bundledName.MatchString(name) {
		return "", badRequest("%s %q: a bundled name is lower-case letters, digits, - and _", kind, name)
	}
	return filepath.Join(append([]string{s.opts.Bundled}, parts...)...), nil
}

func (s *Server) rulesetOptions() ruleset.Options {
	if s.opts.Host == nil {
		// no plugin at all: a ruleset that declares one is refused by name
		return ruleset.Options{Plugins: &ruleset.PluginPath{}}
	}
	return s.opts.Host.RulesetOptions()
}

// loadRuleset reads the request's ruleset. A ruleset the validator
// refuses is a 422 with every problem at its pointer.
func (s *Server) loadRuleset(src rulesetSource) (*ruleset.Ruleset, error) {
	switch {
	case len(src.Ruleset) > 0 && src.Bundled != "":
		return nil, badRequest("send ruleset or bundled, not both")
	case len(src.Ruleset) > 0:
		rs, err := s.inlineRuleset("ruleset", src.Ruleset)
		if err != nil {
			return nil, refusedInput("invalid-ruleset", err)
		}
		return rs, nil
	case src.Bundled != "":
		path, err := s.bundledPath("bundled", src.Bundled, src.Bundled, "ruleset.json")
		if err != nil {
			return nil, err
		}
		rs, err := s.cache.ruleset(path, s.rulesetOptions())
		if errors.Is(err, errNoFile) {
			return nil, &apiError{Status: http.StatusNotFound, Code: "unknown-bundled", Message: fmt.Sprintf("no bundled ruleset %q; bundled: %s (GET /v1/bundled)", src.Bundled, s.bundledNames())}
		}
		if err != nil {
			return nil, refusedInput("invalid-ruleset", err)
		}
		return rs, nil
	}
	return nil, badRequest("send a ruleset (the JSON object) or the name of a bundled one (bundled)")
}

// loadParty reads the request's ruleset and its sheets against it.
func (s *Server) loadParty(rsSrc rulesetSource, src sheetSources) (*ruleset.Ruleset, []*sheet.Sheet, error) {
	rs, err := s.loadRuleset(rsSrc)
	if err != nil {
		return nil, nil, err
	}
	sheets, err := s.loadSheets(rs, rsSrc.Bundled, src)
	if err != nil {
		return nil, nil, err
	}
	return rs, sheets, nil
}

// loadSheets reads the request's sheets against the ruleset.
func (s *Server) loadSheets(rs *ruleset.Ruleset, bundled string, src sheetSources) ([]*sheet.Sheet, error) {
	var out []*sheet.Sheet
	for i, raw := range src.Sheets {
		sh, err := s.inlineSheet("sheets/"+strconv.Itoa(i), raw, rs)
		if err != nil {
			return nil, under("/sheets/"+strconv.Itoa(i), refusedInput("invalid-sheet", err))
		}
		out = append(out, sh)
	}
	for i, name := range src.BundledSheets {
		if bundled == "" {
			return nil, badRequest("bundledSheets name sheets of a bundled ruleset; send bundled too")
		}
		path, err := s.bundledPath("bundledSheets", name, bundled, "sheets", name+".json")
		if err != nil {
			return nil, err
		}
		sh, err := s.cache.sheet(path, rs)
		if errors.Is(err, errNoFile) {
			return nil, &apiError{Status: http.StatusNotFound, Code: "unknown-bundled", Message: fmt.Sprintf("bundled ruleset %q has no sheet %q; its sheets: %s (GET /v1/bundled)", bundled, name, s.sheetNames(bundled))}
		}
		if err != nil {
			return nil, under("/bundledSheets/"+strconv.Itoa(i), refusedInput("invalid-sheet", err))
		}
		out = append(out, sh)
	}
	return out, nil
}

// under places a sheet's problems in the request: its pointers are the
// sheet's own (/skills/juggling), and a request holds several sheets, so
// each gets the sheet's place in front (/sheets/1/skills/juggling). The
// problems are copied: the refused sheet may be cached.
func under(prefix string, e *apiError) *apiError {
	probs := make([]validate.Problem, len(e.Problems))
	for i, p := range e.Problems {
		if p.Pointer == "/" || p.Pointer == "" {
			p.Pointer = prefix
		} else {
			p.Pointer = prefix + p.Pointer
		}
		probs[i] = p
	}
	e.Problems = probs
	if len(probs) == 0 {
		e.Problems = []validate.Problem{{Pointer: prefix, Message: e.Message}}
	}
	return e
}

// recordOut is a record as the API returns it: its JSON form (the same as
// `--json` on the CLI) and its text.
type recordOut struct {
	Record record.Record `json:"record"`
	Text   string        `json:"text"`
}

func outRecord(r record.Record) recordOut { return recordOut{Record: r, Text: r.String()} }

// appendJSON writes {"record":...,"text":...} as encoding/json would.
func (o recordOut) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"record":`...)
	dst = o.Record.AppendJSON(dst)
	dst = append(dst, `,"text":`...)
	dst = jsonin.AppendString(dst, o.Text)
	return append(dst, '}')
}

// ---- validate

type validateRequest struct {
	rulesetSource
	sheetSources
}

type validateResponse struct {
	Valid    bool               `json:"valid"`
	Problems []validate.Problem `json:"problems"`
	Warnings []validate.Problem `json:"warnings"`
	// Input is what the problems are in: "ruleset" or "sheet" (the
	// sheets are read only once the ruleset is valid), so that an editor
	// can mark each problem's line and column in the right text.
	Input string `json:"input,omitempty"`
}

func (s *Server) handleValidate(ctx context.Context, r *http.Request) (any, error) {
	var req validateRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	out := validateResponse{Problems: []validate.Problem{}, Warnings: []validate.Problem{}}
	rs, err := s.loadRuleset(req.rulesetSource)
	if err == nil {
		_, err = s.loadSheets(rs, req.Bundled, req.sheetSources)
	}
	if err != nil {
		ae, ok := err.(*apiError)
		if !ok || ae.Status != http.StatusUnprocessableEntity {
			return nil, err
		}
		if len(ae.Problems) == 0 {
			ae.Problems = []validate.Problem{{Message: ae.Message}}
		}
		out.Problems = ae.Problems
		out.Input = strings.TrimPrefix(ae.Code, "invalid-")
		return out, nil
	}
	out.Valid = true
	out.Warnings = append(out.Warnings, rs.Warnings...)
	return out, nil
}

// ---- check and roll

type checkRequest struct {
	rulesetSource
	sheetSources
	Tag    string `json:"tag"`
	Seed   uint64 `json:"seed"`
	Repeat int    `json:"repeat,omitempty"`
}

type checkResponse struct {
	Records []recordOut `json:"records"`
}

func (c checkResponse) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"records":[`...)
	for i, r := range c.Records {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = r.appendJSON(dst)
	}
	return append(dst, "]}"...)
}

func (s *Server) handleCheck(ctx context.Context, r *http.Request) (any, error) {
	var req checkRequest
	if err := decodeWith(r, &req, func(data []byte) bool { return fastCheckRequest(data, &req) }); err != nil {
		return nil, err
	}
	if req.Repeat == 0 {
		req.Repeat = 1
	}
	if req.Repeat < 1 || req.Repeat > MaxRepeat {
		return nil, badRequest("repeat %d: allowed 1 to %d", req.Repeat, MaxRepeat)
	}
	t, err := tag.Parse(req.Tag)
	if err != nil {
		return nil, refusedInput("bad-tag", fmt.Errorf("tag: %w", err))
	}
	rs, sheets, err := s.loadParty(req.rulesetSource, req.sheetSources)
	if err != nil {
		return nil, err
	}
	answer, err := s.answerer(rs, sheets, t)
	if err != nil {
		return nil, err
	}
	out := checkResponse{}
	stream := &dice.Seeded{}
	for i := 0; i < req.Repeat; i++ {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		stream.Reset(req.Seed+uint64(i), 0, 0)
		rec := answer(stream)
		if err := record.Check(rec); err != nil {
			rec = record.Refused(t.Name, "engine-error", "note", err.Error())
		}
		s.metrics.countRecord(rec)
		out.Records = append(out.Records, outRecord(rec))
	}
	return out, nil
}

// answerer is what answers one tag outside a session: skill_check (rolled
// by who=, or the first sheet), roll_dice, or a loaded plugin's tag.
func (s *Server) answerer(rs *ruleset.Ruleset, sheets []*sheet.Sheet, t tag.Tag) (func(dice.Stream) record.Record, error) {
	chars, names := party(rs, sheets)
	switch {
	case t.NameIs("skill_check"):
		if len(chars) == 0 {
			return nil, noSheet()
		}
		roller := chars[0]
		if who, ok := t.Get("who"); ok {
			i, err := findWho(names, who)
			if err != nil {
				return nil, err
			}
			roller = chars[i]
		}
		env := &check.Env{RS: rs, Char: roller}
		env.Kinds = s.pluginKinds()
		return func(d dice.Stream) record.Record {
			env.Dice = d
			return check.Resolve(env, t).Record
		}, nil
	case t.NameIs("roll_dice"):
		return func(d dice.Stream) record.Record { return check.RollDice(rs, t, d) }, nil
	case s.opts.Host != nil && s.opts.Host.Handles(t.Name):
		tags := s.pluginTags()
		return func(d dice.Stream) record.Record { return tags.Answer(rs, chars, d, t) }, nil
	}
	return nil, refusedInput("unknown-tag", fmt.Errorf("tag %q: this service answers skill_check, roll_dice and the tags of its plugins", t.Name))
}

// noSheet is a skill_check asked without a sheet to roll it.
func noSheet() error { return badRequest("a skill_check needs a sheet (sheets or bundledSheets)") }

// party is the characters of the sheets, and their names, in order.
func party(rs *ruleset.Ruleset, sheets []*sheet.Sheet) ([]*sheet.Character, []string) {
	chars := make([]*sheet.Character, len(sheets))
	names := make([]string, len(sheets))
	for i, sh := range sheets {
		chars[i] = sheet.New(rs, sh)
		names[i] = chars[i].Name()
	}
	return chars, names
}

// findWho is the place of the sheet who= names, or 422 unknown-who.
func findWho(names []string, who string) (int, error) {
	i, found := sheet.FindName(names, who)
	if !found {
		return 0, refusedInput("unknown-who", fmt.Errorf("who=%q: no sheet has that name; sheets: %s", who, strings.Join(names, ", ")))
	}
	return i, nil
}

type rollRequest struct {
	rulesetSource
	Tag  string `json:"tag"`
	Seed uint64 `json:"seed"`
}

func (s *Server) handleRoll(ctx context.Context, r *http.Request) (any, error) {
	var req rollRequest
	if err := decodeWith(r, &req, func(data []byte) bool { return fastRollRequest(data, &req) }); err != nil {
		return nil, err
	}
	t, err := tag.Parse(req.Tag)
	if err != nil {
		return nil, refusedInput("bad-tag", fmt.Errorf("tag: %w", err))
	}
	if !t.NameIs("roll_dice") {
		return nil, refusedInput("unknown-tag", fmt.Errorf("tag %q: roll answers [roll_dice: ...]; use /v1/check for skill_check", t.Name))
	}
	var rs *ruleset.Ruleset
	if len(req.Ruleset) > 0 || req.Bundled != "" {
		if rs, err = s.loadRuleset(req.rulesetSource); err != nil {
			return nil, err
		}
	}
	rec := check.RollDice(rs, t, dice.New(req.Seed, 0, 0))
	s.metrics.countRecord(rec)
	return outRecord(rec), nil
}

func (s *Server) handleHealth(ctx context.Context, r *http.Request) (any, error) {
	return map[string]string{"status": "ok", "capabilityApi": ruleset.EngineCapabilityAPI}, nil
}
