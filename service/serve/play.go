package serve

import (
	"bytes"
	"embed"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"net/http"
	"strconv"
	"sync"
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
	s.mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		ico := favicon()
		w.Header().Set("Content-Type", "image/x-icon")
		w.Header().Set("Content-Length", strconv.Itoa(len(ico)))
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.Write(ico)
	})
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
