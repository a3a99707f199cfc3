package serve

import (
	"context"
	"net/http"
	"strings"

	"github.com/rulehost/rulehost/service/apikey"
)

// Keys and tenants (docs/http.md "Keys and tenants"). With Options.Keys
// set, every route but the public ones (health, readiness, the OpenAPI
// document, the playground's files) wants "Authorization: Bearer KEY";
// the key owns the sessions it creates, and to any other key they are
// absent (404, the same answer as for a session that does not exist, so
// ids cannot be probed).

type keyCtx struct{}

// KeyFrom is the API key a request was admitted with (false when the
// service runs without keys).
func KeyFrom(ctx context.Context) (apikey.Key, bool) {
	k, ok := ctx.Value(keyCtx{}).(apikey.Key)
	return k, ok
}

// owner is the tenant of the request: its key's owner id, or "" without
// keys (everything is everyone's).
func owner(ctx context.Context) string {
	if k, ok := KeyFrom(ctx); ok {
		return k.Owner()
	}
	return ""
}

// authenticate admits a request to a route that is not public only with
// a key of Options.Keys, and puts the key in its context.
func (s *Server) authenticate(w http.ResponseWriter, r *http.Request, rt route) (*http.Request, error) {
	if s.opts.Keys.Empty() || rt.Public {
		return r, nil
	}
	token, ok := bearer(r)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="rulehost"`)
		return r, &apiError{Status: http.StatusUnauthorized, Code: "unauthorized", Message: "send an API key: Authorization: Bearer KEY (make one with `rulehost serve keys add NAME`)"}
	}
	key, ok := s.opts.Keys.Lookup(token)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="rulehost", error="invalid_token"`)
		return r, &apiError{Status: http.StatusUnauthorized, Code: "unauthorized", Message: "the API key is not one of this service's (revoked, or mistyped)"}
	}
	return r.WithContext(context.WithValue(r.Context(), keyCtx{}, key)), nil
}

// bearer is the token of an "Authorization: Bearer TOKEN" header.
func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// Admitted wraps another handler mounted beside the API (an MCP endpoint,
// say) in the same admission as the API's routes: the origin rule, JSON
// bodies, the API key (read it with KeyFrom), a request id and the body
// limit. Refusals are the API's JSON errors.
func (s *Server) Admitted(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", s.requestID(r))
		r.Body = http.MaxBytesReader(w, r.Body, s.opts.MaxBody)
		r, err := s.admit(w, r, route{Method: r.Method, Path: r.URL.Path})
		if err != nil {
			ae := err.(*apiError)
			writeErrorBody(w, ae.Status, ae)
			return
		}
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.ServeHTTP(w, r)
	})
}
