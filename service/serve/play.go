package serve

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The playground (/play): static files embedded in the binary; the page
// calls the same JSON API as any client. Its editor (play/editor.js) is
// built from web/ by `make play-assets` and committed, so building and
// testing the service never needs npm (docs/playground.md).
//
//go:embed play
var playFiles embed.FS

func (s *Server) mountPlay() {
	s.mux.HandleFunc("GET /play", func(w http.ResponseWriter, r *http.Request) {
		servePlayFile(w, r, "index.html")
	})
	s.mux.HandleFunc("GET /play/{file}", func(w http.ResponseWriter, r *http.Request) {
		servePlayFile(w, r, r.PathValue("file"))
	})
	s.mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		ico := favicon()
		w.Header().Set("Content-Type", "image/x-icon")
		w.Header().Set("Content-Length", strconv.Itoa(len(ico)))
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.Write(ico)
	})
}

// playAsset is one embedded file, ready to serve: its type, a strong
// ETag of its bytes, and a gzip copy when that is smaller (the editor's
// bundle is some 400 KB, a fifth of it gzipped).
type playAsset struct {
	body, gz    []byte
	ctype, etag string
}

// playAssets reads the embedded files once.
var playAssets = sync.OnceValue(func() map[string]playAsset {
	out := map[string]playAsset{}
	entries, _ := fs.ReadDir(playFiles, "play")
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		body, err := playFiles.ReadFile("play/" + e.Name())
		if err != nil {
			continue
		}
		sum := sha256.Sum256(body)
		a := playAsset{body: body, ctype: mime.TypeByExtension(path.Ext(e.Name())), etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
		if a.ctype == "" {
			a.ctype = "application/octet-stream"
		}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		zw.Write(body)
		zw.Close()
		if gz.Len() < len(body)*9/10 {
			a.gz = gz.Bytes()
		}
		out[e.Name()] = a
	}
	return out
})

// servePlayFile answers one of the playground's files. The names carry no
// version, and the files change with the binary, so a browser keeps them
// but asks again each time (no-cache) and is answered 304 by the ETag
// while the binary is the same.
func servePlayFile(w http.ResponseWriter, r *http.Request, name string) {
	a, ok := playAssets()[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Vary", "Accept-Encoding")
	body, etag := a.body, a.etag
	if a.gz != nil && acceptsGzip(r) {
		body, etag = a.gz, strings.TrimSuffix(a.etag, `"`)+`-gz"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
}

// acceptsGzip: the request's Accept-Encoding takes gzip with a weight
// above 0, named or through "*" (RFC 9110 12.5.3: gzip named decides over
// "*"; a weight is q, in any case, that parses as a number).
func acceptsGzip(r *http.Request) bool {
	star := false
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		enc = strings.TrimSpace(enc)
		w := weight(params)
		switch {
		case strings.EqualFold(enc, "gzip"):
			return w > 0
		case enc == "*":
			star = w > 0
		}
	}
	return star
}

// weight is a coding's q parameter (1 when there is none; 0 when it is
// not a number).
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		name, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(name), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return 0
			}
			return q
		}
	}
	return 1
}

// favicon is the service's icon (a browser asks for /favicon.ico on
// every page, and a 404 there is a console error on /play): a 16x16
// twenty-sided die's silhouette, drawn once and wrapped as an ICO file
// holding one PNG.
var favicon = sync.OnceValue(func() []byte {
	const n = 16
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	ink := color.NRGBA{0x8a, 0x1c, 0x2b, 0xff}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			// a hexagon: |dx| + |dy|/2 within the radius
			dx, dy := abs(2*x+1-n), abs(2*y+1-n)
			if dx <= n-2 && dx+dy/2 <= n-1 && dy <= n-2 {
				img.Set(x, y, ink)
			}
		}
	}
	var p bytes.Buffer
	png.Encode(&p, img)
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, [3]uint16{0, 1, 1}) // reserved, type icon, one image
	b.Write([]byte{n, n, 0, 0})                               // width, height, no palette, reserved
	binary.Write(&b, binary.LittleEndian, [2]uint16{1, 32})   // planes, bits per pixel
	binary.Write(&b, binary.LittleEndian, [2]uint32{uint32(p.Len()), 6 + 16})
	b.Write(p.Bytes())
	return b.Bytes()
})

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
