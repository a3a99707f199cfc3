# rulehost: build, test, bench, fuzz, lint. `make help` lists the targets.
GO      ?= go
BIN     ?= bin/rulehost
FUZZTIME ?= 10s
# Packages with fuzz targets, as "package:FuzzName" pairs.
FUZZ_TARGETS := \
	./engine/tag:FuzzParse \
	./engine/tag:FuzzEqualKey \
	./engine/dice:FuzzParseNotation \
	./engine/dice:FuzzParseExpr \
	./engine/check:FuzzSmallInt \
	./engine/check:FuzzCheckerAsResolve \
	./service/serve:FuzzRequestBody \
	./service/serve:FuzzFastDecode \
	./service/serve:FuzzDecodeNamesPointer \
	./service/apikey:FuzzParse \
	./engine/ruleset:FuzzLoad \
	./engine/ruleset/items:FuzzItemsBlock \
	./engine/ruleset/items:FuzzAttack \
	./engine/ruleset/fight:FuzzBestiary \
	./engine/fight:FuzzFightTags \
	./engine/sheet:FuzzLoad \
	./engine/items:FuzzInventoryTag \
	./engine/record:FuzzRecordJSON \
	./engine/record:FuzzExtension \
	./engine/record:FuzzInts \
	./host/isolate:FuzzFrames \
	./host/kind:FuzzReadOutcome \
	./engine/session:FuzzTranscript \
	./engine/session:FuzzSnapshot \
	./engine/session:FuzzFastLine \
	./engine/money:FuzzParseAmount \
	./engine/prompt:FuzzBudget \
	./engine/loot:FuzzLootTables \
	./engine/market:FuzzMarketBlock \
	./engine/market:FuzzMarketTags \
	./engine/market:FuzzFakeKeys \
	./engine/gear:FuzzStartingGear \
	./engine/session:FuzzReadLog \
	./engine/jsonin:FuzzDecode \
	./engine/jsonin:FuzzInto \
	./engine/jsonin:FuzzPositions \
	./engine/jsonin:FuzzMarshal \
	./host/sandbox:FuzzClean \
	./host/plugin:FuzzAttrDecls \
	./mcp:FuzzToolArgs \
	./mcp:FuzzScreen \
	./engine/use:FuzzUseValidator \
	./engine/use:FuzzUseTag \
	./engine/use:FuzzSheetTag \
	./engine/odds:FuzzOdds \
	./engine/odds:FuzzDiceOdds \
	./suite:FuzzSuiteFile \
	./suite:FuzzParseGolden \
	./suite:FuzzJUnitAsEncodingXML \
	./engine/ruleset:FuzzParseVersion \
	./engine/ruleset:FuzzParseConstraint \
	./engine/ruleset:FuzzPluginNeeds \
	./engine/sheet:FuzzFindName \
	./engine/validate:FuzzSuggest \
	./engine/validate:FuzzPtr

.PHONY: help build test bench bench-cli bench-peers fuzz lint golden generate demo clean load load-floor play-assets

help:
	@echo "make build   build $(BIN) (light: one-shot commands) and $(SERVER_BIN) (full: serve, mcp, tools, load)"
	@echo "make test    run every test (what CI runs)"
	@echo "make bench   run every benchmark once (-benchtime=1s)"
	@echo "make bench-cli  one-shot rulehost check / validate against a hello-world Go process (whole process, CPU time)"
	@echo "make bench-peers  rulehost vs justinian/dice, interleaved (bench/peers, its own module)"
	@echo "make fuzz    run each fuzz target for FUZZTIME (default $(FUZZTIME))"
	@echo "make lint    go vet, gofmt -l and staticcheck"
	@echo "make golden  regenerate golden records (only on purpose)"
	@echo "make generate  regenerate docs/ruleset.md, docs/capability.md, schema/ and engine/ruleset/vocab/names_gen.go from the tables"
	@echo "make demo    build and roll a 5e check"
	@echo "make play-assets  rebuild the playground's editor (service/serve/play/editor.js) from web/ with npm and esbuild; commit the result"
	@echo "make load    HTTP load: rulehost serve on loopback, rulehost load (check, then append; LOAD_SECONDS, LOAD_CLIENTS, PG=postgres://... for PostgreSQL appends)"
	@echo "make load-floor  the same check load against bench/httpfloor, net/http answering a constant body: the most a net/http service reaches here"

# The binary is built without cgo (a static binary: no dynamic loader at
# each start; the pure-Go resolver and user lookup) and without urfave/cli's
# man/markdown generator (the urfave_cli_no_docs tag; rulehost never calls
# ToMan or ToMarkdown, and its markdown library's initialisers ran in every
# command): docs/performance.md, "One-shot commands".
#
# Two binaries: $(BIN), the light build (the rulehost_light tag), runs
# every one-shot command in process; its serve, mcp, tools and load exec
# $(SERVER_BIN), the full build (every command, the HTTP server, the
# stores, the MCP SDK), found beside it or on PATH. `go build ./cmd/rulehost`
# without the tag is the full binary too.
BUILD_TAGS ?= urfave_cli_no_docs
SERVER_BIN ?= $(dir $(BIN))rulehost-server
LDFLAGS = -X main.commit=$$(git rev-parse --short=12 HEAD 2>/dev/null)
build:
	CGO_ENABLED=0 $(GO) build -tags '$(BUILD_TAGS) rulehost_light' -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/rulehost
	CGO_ENABLED=0 $(GO) build -tags '$(BUILD_TAGS)' -ldflags "$(LDFLAGS)" -o $(SERVER_BIN) ./cmd/rulehost

test:
	$(GO) test -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Whole-process CPU of one-shot commands of the binaries build ships
# against a hello-world Go program built by the same toolchain with cgo
# off, interleaved (bench/cli).
BENCH_CLI_ROUNDS ?= 20
bench-cli: build
	$(GO) run ./bench/cli -root . -go $(GO) -bin $(BIN) -rounds $(BENCH_CLI_ROUNDS)

# bench/peers is its own module (go.mod), so ./... above never reaches it
# and the engine never depends on the peer library.
bench-peers:
	cd bench/peers && $(GO) test -count=1 . && $(GO) run . -root ../..

# HTTP load over loopback keep-alive (docs/performance.md): one service
# process, one load process; prints req/s, p50/p99 and req per server
# CPU-second, with auth on (a key made for the run). PG=URL also measures
# appends with PostgreSQL.
LOAD_SECONDS ?= 10
LOAD_CLIENTS ?= 16
load: build
	@set -e; dir=$$(mktemp -d); \
	key=$$($(BIN) serve keys add --keys $$dir/keys.txt load); \
	$(BIN) serve --addr 127.0.0.1:18080 --sessions $$dir/sessions --keys $$dir/keys.txt & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; rm -rf $$dir' EXIT; sleep 1; uptime; \
	$(BIN) load --url http://127.0.0.1:18080 --key $$key --clients $(LOAD_CLIENTS) --duration $(LOAD_SECONDS)s --work check; \
	$(BIN) load --url http://127.0.0.1:18080 --key $$key --clients $(LOAD_CLIENTS) --duration $(LOAD_SECONDS)s --work append; \
	if [ -n "$(PG)" ]; then \
	  $(BIN) serve --addr 127.0.0.1:18081 --postgres "$(PG)" --keys $$dir/keys.txt & pg=$$!; \
	  trap 'kill $$pid $$pg 2>/dev/null; rm -rf $$dir' EXIT; sleep 1; \
	  $(BIN) load --url http://127.0.0.1:18081 --key $$key --clients $(LOAD_CLIENTS) --duration $(LOAD_SECONDS)s --work append; \
	fi; uptime

# The floor of load's check figure: the same client against a bare
# net/http server answering the same bytes (bench/httpfloor), alternately
# with rulehost serve, so the two are read at the same machine load.
load-floor: build
	@set -e; dir=$$(mktemp -d); \
	$(GO) build -o $$dir/httpfloor ./bench/httpfloor; \
	$$dir/httpfloor --addr 127.0.0.1:18082 & fl=$$!; \
	$(BIN) serve --addr 127.0.0.1:18083 --sessions $$dir/sessions & pid=$$!; \
	trap 'kill $$fl $$pid 2>/dev/null; rm -rf $$dir' EXIT; sleep 1; uptime; \
	for round in 1 2; do \
	  echo "net/http floor:"; $(BIN) load --url http://127.0.0.1:18082 --clients $(LOAD_CLIENTS) --duration $(LOAD_SECONDS)s --work check; \
	  echo "rulehost serve:"; $(BIN) load --url http://127.0.0.1:18083 --clients $(LOAD_CLIENTS) --duration $(LOAD_SECONDS)s --work check; \
	done; uptime

fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$pkg $$name ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) $$pkg; \
	done

lint:
	$(GO) vet ./...
	$(GO) vet -tags '$(BUILD_TAGS) rulehost_light' ./cmd/rulehost
	$(GO) tool staticcheck ./...
	$(GO) tool staticcheck -tags '$(BUILD_TAGS) rulehost_light' ./cmd/rulehost
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

generate:
	$(GO) test -count=1 ./engine/ruleset -run 'CapabilityDoc|RulesetDoc|SchemaFiles' -update
	$(GO) test -count=1 ./engine/ruleset/vocab -run NamesGenerated -update

golden:
	$(GO) test ./... -run Golden -update

demo: build
	$(BIN) check --ruleset rulesets/d20-5e/ruleset.json --sheet rulesets/d20-5e/sheets/ada.json --seed 7 \
		'[skill_check: skill="Athletics" dc="15" mode="advantage"]'

# The playground's editor (CodeMirror 6) is bundled from web/ by esbuild
# into one embedded file, committed, so build and test never need npm
# (docs/playground.md). npm ci installs exactly what web/package-lock.json
# locks.
play-assets:
	cd web && npm ci --no-audit --no-fund && node build.js

clean:
	rm -rf bin
