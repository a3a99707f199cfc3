package serve

import (
	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/service/metrics"
)

// The loaded plugins as the handlers use them: each resolution kind and
// the plugin tags wrapped so that every call into plugin code is counted
// (rulehost_plugin_calls_total{call}), wherever it comes from (a check, a
// session's fold, odds). Built once in New.

// pluginKinds are the plugins' resolution kinds, counted; nil without
// plugins.
func (s *Server) pluginKinds() map[string]check.Resolver { return s.kinds }

// pluginTags are the plugins' tags, counted; nil without plugins.
func (s *Server) pluginTags() session.TagHandler { return s.tags }

func (s *Server) countPlugins() {
	h := s.opts.Host
	if h == nil {
		return
	}
	resolve := s.metrics.pluginCalls.WithLabelValues("resolve")
	odds := s.metrics.pluginCalls.WithLabelValues("odds")
	s.kinds = make(map[string]check.Resolver, len(h.Resolvers))
	for name, r := range h.Resolvers {
		c := countedResolver{r: r, n: resolve}
		switch x := r.(type) { // keep exact odds exact
		case check.ReportingOddsResolver:
			s.kinds[name] = countedReportingResolver{countedResolver: c, o: x, n: odds}
		case check.OddsResolver:
			s.kinds[name] = countedOddsResolver{c, x, odds}
		default:
			s.kinds[name] = c
		}
	}
	s.tags = countedTags{inner: h.SessionTags(), n: s.metrics.pluginCalls.WithLabelValues("tag")}
}

type countedResolver struct {
	r check.Resolver
	n *metrics.Counter
}

func (c countedResolver) Resolve(x *check.Check) {
	c.n.Inc()
	c.r.Resolve(x)
}

type countedOddsResolver struct {
	countedResolver
	o check.OddsResolver
	n *metrics.Counter
}

func (c countedOddsResolver) Odds(x *check.Check) ([]check.Weighted, error) {
	c.n.Inc()
	return c.o.Odds(x)
}

// countedReportingResolver counts the odds of a kind that says how it
// found them (an enumerated plugin kind), keeping what it says.
type countedReportingResolver struct {
	countedResolver
	o check.ReportingOddsResolver
	n *metrics.Counter
}

func (c countedReportingResolver) Odds(x *check.Check) ([]check.Weighted, error) {
	ws, _, err := c.OddsReport(x)
	return ws, err
}

func (c countedReportingResolver) OddsReport(x *check.Check) ([]check.Weighted, check.OddsReport, error) {
	c.n.Inc()
	return c.o.OddsReport(x)
}

type countedTags struct {
	inner session.TagHandler
	n     *metrics.Counter
}

func (c countedTags) Handles(name string) bool { return c.inner.Handles(name) }

func (c countedTags) Answer(rs *ruleset.Ruleset, party []*sheet.Character, d dice.Stream, t tag.Tag) record.Record {
	c.n.Inc()
	return c.inner.Answer(rs, party, d, t)
}
