package serve

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The load generator behind `rulehost load` and the Load benchmarks:
// Clients concurrent clients, each on its own keep-alive connection,
// send requests back to back for Duration (or N requests in all), and the
// result is the rate and the latencies the clients saw. When the service
// exports process_cpu_seconds_total (rulehost serve does) the CPU time it
// spent is read from /metrics before and after, so the rate per
// CPU-second of the server alone can be given even on a busy machine.

// LoadOptions say what load to drive.
type LoadOptions struct {
	// URL is the service's base URL (http://127.0.0.1:8080).
	URL string
	// Clients is the number of concurrent keep-alive clients.
	Clients int
	// Duration is how long to send; ignored when N > 0.
	Duration time.Duration
	// N is the number of requests in all, when not 0 (benchmarks).
	N int
	// Work is what each request does: "check" (a 5e skill_check on the
	// bundled d20-5e with ada), "roll" (4d6kh3) or "append" (a player
	// action with a roll, each client on a session of its own; the
	// service needs a store).
	Work string
	// Key is the API key sent with every request ("" for none).
	Key string
}

// LoadWorks are the values of LoadOptions.Work.
var LoadWorks = []string{"check", "roll", "append"}

// LoadResult is what a load run measured.
type LoadResult struct {
	Requests int
	Errors   int
	// FirstError is the first failure's text, for the report.
	FirstError string
	Elapsed    time.Duration
	P50, P99   time.Duration
	Max        time.Duration
	// ServerCPU is the service's CPU time over the run (0 when its
	// /metrics does not say); ClientCPU is this process's.
	ServerCPU, ClientCPU time.Duration
}

// PerSecond is the rate of answered requests.
func (r LoadResult) PerSecond() float64 { return float64(r.Requests) / r.Elapsed.Seconds() }

// PerServerCPUSecond is the requests per second of the service's CPU time
// (what one free core would answer); 0 when unknown.
func (r LoadResult) PerServerCPUSecond() float64 {
	if r.ServerCPU <= 0 {
		return 0
	}
	return float64(r.Requests) / r.ServerCPU.Seconds()
}

func (r LoadResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d requests in %.2fs: %.0f req/s, p50 %s, p99 %s, max %s",
		r.Requests, r.Elapsed.Seconds(), r.PerSecond(), ms(r.P50), ms(r.P99), ms(r.Max))
	if r.ServerCPU > 0 {
		fmt.Fprintf(&b, "\nserver CPU %.2fs: %.0f req per server CPU-second", r.ServerCPU.Seconds(), r.PerServerCPUSecond())
	}
	fmt.Fprintf(&b, "\nload generator CPU %.2fs", r.ClientCPU.Seconds())
	if r.Errors > 0 {
		fmt.Fprintf(&b, "\n%d errors; the first: %s", r.Errors, r.FirstError)
	}
	return b.String()
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 2, 64) + "ms"
}

// Load drives the load and measures it.
func Load(ctx context.Context, o LoadOptions) (LoadResult, error) {
	if o.Clients < 1 {
		return LoadResult{}, errors.New("load: at least one client")
	}
	if o.N <= 0 && o.Duration <= 0 {
		return LoadResult{}, errors.New("load: give a duration or a number of requests")
	}
	base := strings.TrimRight(o.URL, "/")
	tr := &http.Transport{MaxIdleConns: o.Clients, MaxIdleConnsPerHost: o.Clients, MaxConnsPerHost: o.Clients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: time.Minute}
	req, err := loadWork(ctx, hc, base, o)
	if err != nil {
		return LoadResult{}, err
	}
	cpu0, cpuKnown := serverCPU(ctx, hc, base, o.Key)
	own0 := processCPU()

	var (
		mu    sync.Mutex
		res   LoadResult
		lat   = make([][]time.Duration, o.Clients)
		wg    sync.WaitGroup
		taken atomic.Int64
	)
	take := func() bool { // one more request, when counting them
		return o.N <= 0 || taken.Add(1) <= int64(o.N)
	}
	runCtx := ctx
	if o.N <= 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, o.Duration)
		defer cancel()
	}
	start := time.Now()
	for c := range o.Clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; runCtx.Err() == nil && take(); i++ {
				path, body := req(c, i)
				t0 := time.Now()
				err := send(runCtx, hc, base+path, o.Key, body)
				d := time.Since(t0)
				if runCtx.Err() != nil && o.N <= 0 {
					return // cut by the end of the run: not counted
				}
				if err != nil {
					mu.Lock()
					if res.Errors == 0 {
						res.FirstError = err.Error()
					}
					res.Errors++
					mu.Unlock()
					continue
				}
				lat[c] = append(lat[c], d)
			}
		}()
	}
	wg.Wait()
	res.Elapsed = time.Since(start)
	res.ClientCPU = processCPU() - own0
	if cpuKnown {
		if cpu1, ok := serverCPU(ctx, hc, base, o.Key); ok {
			res.ServerCPU = cpu1 - cpu0
		}
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	res.Requests = len(all)
	if len(all) > 0 {
		res.P50, res.P99, res.Max = all[len(all)/2], all[len(all)*99/100], all[len(all)-1]
	}
	return res, nil
}

// send posts one request and reads the whole answer; anything but 200 is
// an error.
func send(ctx context.Context, hc *http.Client, url, key string, body []byte) error {
	r, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	r.Header.Set("Content-Type", "application/json")
	if key != "" {
		r.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := hc.Do(r)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("%s: status %d: %s", url, resp.StatusCode, bytes.TrimSpace(msg))
	}
	_, err = io.Copy(io.Discard, resp.Body)
	return err
}

const loadTag = `[skill_check: skill=\"Athletics\" dc=\"15\" mode=\"advantage\"]`

// loadWork prepares the work (sessions for appends) and returns request
// i of client c.
func loadWork(ctx context.Context, hc *http.Client, base string, o LoadOptions) (func(c, i int) (string, []byte), error) {
	switch o.Work {
	case "check", "":
		return func(c, i int) (string, []byte) {
			return "/v1/check", fmt.Appendf(nil, `{"bundled":"d20-5e","bundledSheets":["ada"],"tag":"%s","seed":%d}`, loadTag, c*1_000_000+i)
		}, nil
	case "roll":
		return func(c, i int) (string, []byte) {
			return "/v1/roll", fmt.Appendf(nil, `{"tag":"[roll_dice: dice=\"4d6kh3\"]","seed":%d}`, c*1_000_000+i)
		}, nil
	case "append":
		prefix := "load-" + strconv.FormatInt(time.Now().UnixNano(), 36)
		for c := range o.Clients {
			body := fmt.Appendf(nil, `{"id":"%s-%d","bundled":"d20-5e","bundledSheets":["ada"]}`, prefix, c)
			if err := send(ctx, hc, base+"/v1/sessions", o.Key, body); err != nil {
				return nil, fmt.Errorf("load: creating the sessions to append to: %w", err)
			}
		}
		body := []byte(`{"kind":"player","text":"I roll. [roll_dice: dice=\"1d20\"]"}`)
		return func(c, i int) (string, []byte) {
			return "/v1/sessions/" + prefix + "-" + strconv.Itoa(c) + "/events", body
		}, nil
	}
	return nil, fmt.Errorf("load: work %q; want one of %s", o.Work, strings.Join(LoadWorks, ", "))
}

// serverCPU reads process_cpu_seconds_total from the service's /metrics.
func serverCPU(ctx context.Context, hc *http.Client, base, key string) (time.Duration, bool) {
	r, err := http.NewRequestWithContext(ctx, "GET", base+"/metrics", nil)
	if err != nil {
		return 0, false
	}
	if key != "" {
		r.Header.Set("Authorization", "Bearer "+key) // /metrics is behind the keys
	}
	resp, err := hc.Do(r)
	if err != nil {
		return 0, false
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "process_cpu_seconds_total "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return 0, false
			}
			return time.Duration(f * float64(time.Second)), true
		}
	}
	return 0, false
}
