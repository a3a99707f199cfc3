package jsonin

import (
	"sort"
	"strings"
)

// Pos is a place in a file: line and column from 1 (the column counts
// bytes, as an *Error's does).
type Pos struct {
	Line int `json:"line"`
	Col  int `json:"column"`
}

// Positions maps every member and element of a JSON document to where it
// starts: an object member at its name's opening quote, an array element
// at its value, the root ("/") at the value. It reads as strictly as
// Decode; a document Decode refuses has no positions (nil).
func Positions(data []byte) Index {
	d := decoder{data: data, at: map[string]int{}}
	d.ws()
	d.at["/"] = d.i
	if _, err := d.document(); err != nil {
		return nil
	}
	// one pass over the bytes, visiting the offsets in order
	type item struct {
		ptr string
		off int
	}
	items := make([]item, 0, len(d.at))
	for p, off := range d.at {
		items = append(items, item{p, off})
	}
	sort.Slice(items, func(i, j int) bool { return items[i].off < items[j].off })
	out := make(Index, len(items))
	line, col, i := 1, 1, 0
	for _, it := range items {
		for ; i < it.off && i < len(data); i++ {
			if data[i] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		out[it.ptr] = Pos{Line: line, Col: col}
	}
	return out
}

// Index is where each member of a document starts, by JSON pointer.
type Index map[string]Pos

// Find is where the member at ptr starts, or, when the document has no
// such member (a problem about a key that is missing), where its nearest
// enclosing member does; ok is false only for an empty index.
func (x Index) Find(ptr string) (Pos, bool) {
	if len(x) == 0 {
		return Pos{}, false
	}
	for {
		if p, ok := x[ptr]; ok {
			return p, true
		}
		i := strings.LastIndexByte(ptr, '/')
		if i <= 0 {
			p, ok := x["/"]
			return p, ok
		}
		ptr = ptr[:i]
	}
}
