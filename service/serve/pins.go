package serve

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// A stored session pins, by name, each plugin that could answer its log
// (session.PluginRef with no folder): the plugins its ruleset declares,
// the one that provides its resolution kind, and every plugin that
// answers tags (a plugin tag in any reply is answered by it). A
// formatter-only plugin is not pinned: it shapes text, never a record.
// Another server, or this one after a deployment, that loads other
// plugins under the session could fold its log to another state, so the
// session is refused (409 plugins-changed) until it is upgraded on purpose
// (POST /v1/sessions/{id}/upgrade re-pins it), as a session of another
// answering version is.

// pluginPin is a loaded plugin as a session is pinned to it, with what
// decides whether a session is.
type pluginPin struct {
	ref   session.PluginRef
	kinds []string
	tags  bool
}

// loadedPins are the loaded plugins, pinned by name (their folders'
// hashes computed once: a running service's plugins do not change). An
// error (a folder that cannot be read) refuses every session operation
// that needs the pins, rather than pin nothing.
func (s *Server) loadedPins() ([]pluginPin, error) {
	s.pinOnce.Do(func() {
		h := s.opts.Host
		if h == nil {
			return
		}
		pins := h.Pins()
		for i, m := range h.Manifests() {
			refs, err := session.PinByName(pins[i : i+1])
			if err != nil {
				s.pinErr = fmt.Errorf("the service cannot pin its plugins: %w", err)
				return
			}
			p := pluginPin{ref: refs[0], tags: len(m.Tags) > 0}
			for _, k := range m.Kinds {
				p.kinds = append(p.kinds, k.Name)
			}
			s.pins = append(s.pins, p)
		}
	})
	return s.pins, s.pinErr
}

// pinsFor are the pins of a session on rs, sorted by name.
func (s *Server) pinsFor(rs *ruleset.Ruleset) ([]session.PluginRef, error) {
	loaded, err := s.loadedPins()
	if err != nil {
		return nil, err
	}
	declared := map[string]bool{}
	for _, p := range rs.Plugins {
		declared[p.Name] = true
	}
	var out []session.PluginRef
	for _, p := range loaded { // one of a name: the host leaves out those it shadows
		if declared[p.ref.Name] || p.tags || slices.Contains(p.kinds, rs.Resolution.Kind) {
			out = append(out, p.ref)
		}
	}
	slices.SortFunc(out, func(a, b session.PluginRef) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// pluginsChanged is the refusal of a session whose pinned plugins are not
// the ones this service would answer it with.
func pluginsChanged(id string, changes []string) *apiError {
	return &apiError{Status: http.StatusConflict, Code: "plugins-changed",
		Message: fmt.Sprintf("session %s: %s, so its state here may differ from what its players were told; re-answer it with this service's plugins on purpose with POST /v1/sessions/%s/upgrade (its events stay readable at GET /v1/sessions/%s/events)",
			id, strings.Join(changes, "; "), id, id)}
}
