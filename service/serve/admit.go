package serve

import (
	"context"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// Admission: what every request passes before its route works on it.
//
// A browser lets any web page send a "simple" request (a form, text/plain,
// multipart) to any address, loopback included, without asking first; only
// its answer is hidden from the page. So a service that took such a body
// would let any page a user visits write to the user's local sessions.
// Two rules close that: every body must say Content-Type: application/json
// (which a page can only send after a CORS preflight), and a request a
// browser marks as coming from another origin (its Origin header) is
// refused unless that origin was allowed (--cors-origin), in which case it
// gets the CORS headers that let the page read the answer.

// corsAllowHeaders are the request headers an allowed origin may send.
const corsAllowHeaders = "Authorization, Content-Type, Idempotency-Key, Last-Event-ID, X-Request-Id"

// corsExposeHeaders are the answer headers an allowed origin may read.
const corsExposeHeaders = "X-Request-Id, Retry-After"

// admit checks the request's origin, content type and credentials for
// the route, and sets the CORS headers of an allowed origin. It returns
// the request to go on with (its context carries the caller's key).
func (s *Server) admit(w http.ResponseWriter, r *http.Request, rt route) (*http.Request, error) {
	if origin := r.Header.Get("Origin"); origin != "" && !sameOrigin(origin, r) {
		if !s.allowedOrigin(origin) {
			return r, &apiError{Status: http.StatusForbidden, Code: "cross-origin", Message: fmt.Sprintf(
				"a page of origin %s may not call this service; start it with --cors-origin %s to allow that origin", origin, origin)}
		}
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Add("Vary", "Origin")
		h.Set("Access-Control-Expose-Headers", corsExposeHeaders)
	}
	if rt.Method == http.MethodOptions {
		preflightHeaders(w.Header())
		return r, nil // a preflight carries neither a body nor credentials
	}
	if hasBody(r) {
		if err := jsonBody(r); err != nil {
			return r, err
		}
	}
	r, err := s.authenticate(w, r, rt)
	if err != nil {
		return r, err
	}
	return r, s.limit(r, rt)
}

// hasBody: a request that sends (or should send) a body.
func hasBody(r *http.Request) bool {
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch:
		return true
	}
	return r.ContentLength > 0 || len(r.TransferEncoding) > 0
}

// jsonBody refuses a body that does not say it is JSON.
func jsonBody(r *http.Request) error {
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		if ct == "" {
			ct = "none"
		}
		return &apiError{Status: http.StatusUnsupportedMediaType, Code: "unsupported-media-type", Message: fmt.Sprintf(
			"the body's Content-Type is %s; send it as Content-Type: application/json", ct)}
	}
	return nil
}

// sameOrigin: the Origin names the host the request was sent to (the
// service's own pages, /play).
func sameOrigin(origin string, r *http.Request) bool {
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

func (s *Server) allowedOrigin(origin string) bool {
	for _, o := range s.opts.CORSOrigins {
		if strings.EqualFold(strings.TrimSuffix(o, "/"), origin) {
			return true
		}
	}
	return false
}

// handlePreflight answers a CORS preflight (OPTIONS) with 204: admit
// refused an origin not allowed and set the headers of an allowed one.
func (s *Server) handlePreflight(ctx context.Context, r *http.Request) (any, error) {
	return noContent{}, nil
}

// preflightHeaders say, to an allowed origin, what it may send: the
// service's methods and the headers a client uses, cached ten minutes.
func preflightHeaders(h http.Header) {
	h.Set("Allow", "GET, POST, DELETE, OPTIONS")
	if h.Get("Access-Control-Allow-Origin") != "" {
		h.Set("Access-Control-Allow-Methods", "GET, POST, DELETE")
		h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
		h.Set("Access-Control-Max-Age", "600")
	}
}
