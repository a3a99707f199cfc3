package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/rulehost/rulehost/engine/session"
)

// A stored session records the answering version that answered its log
// (session.AnswerVersion, in its record's config) and the plugins pinned
// by name (pins.go). A service answers only sessions of its own version
// and plugins: the same log folded under other rules can come to another
// state without a word (issue 30 item 8), so a session answered otherwise
// is refused until it is upgraded on purpose, as the CLI's `rulehost
// session upgrade` does for a folder.

// answeredElsewhere is the refusal of a session another version answered.
func answeredElsewhere(id string, was int) *apiError {
	return &apiError{Status: http.StatusConflict, Code: "answered-by-another-version",
		Message: fmt.Sprintf("session %s: its log was answered by %s and this rulehost answers version %d, so its state here may differ from what its players were told; re-answer it under the current rules on purpose with POST /v1/sessions/%s/upgrade (its events stay readable at GET /v1/sessions/%s/events)",
			id, session.AnsweredBy(was), session.AnswerVersion, id, id)}
}

// UpgradeResult is what an upgrade did to one session (the answer of
// POST /v1/sessions/{id}/upgrade, and of each session of UpgradeAll).
type UpgradeResult struct {
	ID string `json:"id"`
	// From and To are the answering versions before and after.
	From int `json:"from"`
	To   int `json:"to"`
	// Upgraded is false when the session was already this version's,
	// with this service's plugins.
	Upgraded bool `json:"upgraded"`
	// Changes says what changed under the session (empty when nothing).
	Changes []string `json:"changes"`
	// Seq, Replies and Records are how much of its log was re-answered.
	Seq     int `json:"seq"`
	Replies int `json:"replies"`
	Records int `json:"records"`
}

// handleUpgrade re-answers a stored session's whole log under this
// engine and its plugins and records this answering version and the
// plugins' pins, so the service answers it again. The log is folded first: a log that does not fold here is
// refused and the record left as it was. The version is written by a
// compare-and-set (session.Reanswerer), so two servers upgrading at once
// both answer and one writes.
func (s *Server) handleUpgrade(ctx context.Context, r *http.Request) (any, error) {
	res, err := s.upgrade(ctx, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	return res, nil
}

// upgrade re-answers one stored session (handleUpgrade).
func (s *Server) upgrade(ctx context.Context, id string) (UpgradeResult, error) {
	st, err := s.store()
	if err != nil {
		return UpgradeResult{}, err
	}
	ls, err := s.liveOwned(ctx, id) // the owner's only
	if err != nil {
		return UpgradeResult{}, err
	}
	defer s.forget(id, ls) // the next request folds it from its record afresh
	out := UpgradeResult{ID: id, From: ls.answers, To: session.AnswerVersion, Changes: []string{}}
	if ls.answers != session.AnswerVersion {
		out.Changes = append(out.Changes, fmt.Sprintf("its log was answered by %s and is re-answered by version %d", session.AnsweredBy(ls.answers), session.AnswerVersion))
	}
	out.Changes = append(out.Changes, ls.changed...)
	from := session.Answering{Version: ls.answers, Plugins: ls.pins}
	to := session.Answering{Version: session.AnswerVersion, Plugins: ls.now}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if err := s.catchUp(ctx, id, ls); err != nil {
		var ae *apiError
		if errors.As(err, &ae) || errors.Is(err, session.ErrUnavailable) {
			return UpgradeResult{}, err // an outage or a refusal of its own: as it says
		}
		return UpgradeResult{}, &apiError{Status: http.StatusUnprocessableEntity, Code: "unfoldable",
			Message: fmt.Sprintf("session %s: its log does not fold under this rulehost, so it is left as it was: %v", id, err)}
	}
	state := ls.s.State()
	out.Seq, out.Replies = ls.s.Len(), len(state.Replies)
	for _, rep := range state.Replies {
		out.Records += len(rep.Records)
	}
	if len(out.Changes) == 0 {
		return out, nil
	}
	ra, ok := st.(session.Reanswerer)
	if !ok {
		return UpgradeResult{}, noReanswer(st)
	}
	wctx, cancel := s.storeContext(ctx)
	defer cancel()
	switch err := ra.SetAnswers(wctx, id, from, to); {
	case errors.Is(err, errNoReanswer):
		return UpgradeResult{}, noReanswer(st)
	case errors.Is(err, session.ErrAnswersMoved):
		rec, rerr := st.Record(ctx, id)
		if rerr == nil && rec.Config.Answering().Equal(to) {
			out.Upgraded = true // another process upgraded it at the same moment
			return out, nil
		}
		return UpgradeResult{}, &apiError{Status: http.StatusConflict, Code: "conflict", Message: err.Error() + "; read it again and retry"}
	case err != nil:
		return UpgradeResult{}, storeError(err)
	}
	out.Upgraded = true
	return out, nil
}

func noReanswer(st session.EventStore) *apiError {
	return &apiError{Status: http.StatusNotImplemented, Code: "no-upgrade",
		Message: fmt.Sprintf("the %s session store cannot record what answers a session; upgrade the session where it is stored", st.Name())}
}

// UpgradeAll upgrades every session of the store, of every owner, as
// POST /v1/sessions/{id}/upgrade does one (what `rulehost serve upgrade`
// runs after a deployment changed the answering version or the plugins):
// each session's result, or the error that refused it, goes to each in
// the store's order, and the first error of the store itself ends it. A
// server with API keys upgrades only its own tenants' sessions through
// HTTP; this is the operator's, so it is refused on one with keys.
func (s *Server) UpgradeAll(ctx context.Context, each func(id string, res UpgradeResult, err error)) error {
	st, err := s.store()
	if err != nil {
		return err
	}
	if !s.opts.Keys.Empty() {
		return errors.New("serve: UpgradeAll upgrades every tenant's sessions; build the server without API keys for it")
	}
	l, ok := st.(session.Lister)
	if !ok {
		return fmt.Errorf("the %s session store cannot list its sessions", st.Name())
	}
	all, err := l.List(ctx, session.ListOptions{AllOwners: true})
	if err != nil {
		return err
	}
	for _, sum := range all {
		if err := ctx.Err(); err != nil {
			return err
		}
		res, err := s.upgrade(ctx, sum.ID)
		each(sum.ID, res, err)
	}
	return nil
}
