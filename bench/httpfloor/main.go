// Command httpfloor is the floor of `make load`'s check figure: a net/http
// server that answers POST /v1/check with a constant body (the bytes
// rulehost serve answers for the load's check), reading the request's
// body first as the service does, with no engine, keys, limits, deadlines,
// logging or metrics but process_cpu_seconds_total at GET /metrics (what
// `rulehost load` reads the server's CPU from). `make load-floor` drives
// it as `make load` drives the service, so the two figures are requests
// per server CPU-second of the same client on the same machine: what
// net/http itself costs here, and so the most the service could reach.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"syscall"
)

// answer is rulehost serve's answer to the load's check (seed 7).
const answer = `{"records":[{"record":{"tag":"check","attrs":[["who","Ada Quickhand"],["skill","Athletics"],["resolution","sum"],["dice","1d20"],["mode","advantage"],["rolls","6,8"],["kept","8"],["modifier","5"],["total","13"],["dc","15"],["outcome","Failure"],["success","false"]]},"text":"[check: who=\"Ada Quickhand\" skill=\"Athletics\" resolution=\"sum\" dice=\"1d20\" mode=\"advantage\" rolls=\"6,8\" kept=\"8\" modifier=\"5\" total=\"13\" dc=\"15\" outcome=\"Failure\" success=\"false\"]"}]}` + "\n"

func main() {
	addr := flag.String("addr", "127.0.0.1:18081", "address to listen on")
	flag.Parse()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/check", func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, 1<<20)); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, answer)
	})
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		cpu := float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
		fmt.Fprintf(w, "process_cpu_seconds_total %g\n", cpu)
	})
	log.Fatal(http.ListenAndServe(*addr, mux))
}
