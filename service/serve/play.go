package serve

import (
	"embed"
	"io/fs"
	"net/http"
)

// The playground (/play): static files embedded in the binary, no build
// step; the page calls the same JSON API as any client.
//
//go:embed play
var playFiles embed.FS

func (s *Server) mountPlay() {
	sub, _ := fs.Sub(playFiles, "play")
	files := http.FileServerFS(sub)
	s.mux.HandleFunc("GET /play", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, sub, "index.html")
	})
	s.mux.Handle("GET /play/{file}", http.StripPrefix("/play/", files))
}
