package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/dice"
)

// detPlugin prints what used to differ from process to process with the
// same seed: pairs() order over the library tables and _G (filled from Go
// maps), and index errors naming a table or function key by its heap
// address.
const detPlugin = `
return function()
  local out = {}
  local function keys(name, t)
    local ks = {}
    for k in pairs(t) do ks[#ks + 1] = tostring(k) end
    out[#out + 1] = name .. ": " .. table.concat(ks, " ")
  end
  keys("string", string)
  keys("table", table)
  keys("math", math)
  keys("_G", _G)
  local function err(f) local ok, e = pcall(f) out[#out + 1] = tostring(e) end
  err(function() local x = nil return x[{}] end)
  err(function() return (5)[print] end)
  err(function() local x = nil x[{}] = 1 end)
  err(function() local x = 5 x[print] = 1 end)
  err(function() return {} + 1 end)
  err(function() return {} < {} end)
  err(function() return #print end)
  err(function() return print .. "x" end)
  err(function() error({}) end)
  err(function() return tostring({}) .. " " .. tostring(print) .. " " .. string.format("%s", {}) end)
  out[#out + 1] = tostring({}) .. " " .. tostring(print)
  out[#out + 1] = tostring(math.random(1, 1000000))
  return table.concat(out, "\n")
end
`

const detEnv = "RULEHOST_DETERMINISM_CHILD"

// TestDeterministicAcrossProcesses: two processes with the same seed print
// byte-identical output, and no output carries a Go heap address.
func TestDeterministicAcrossProcesses(t *testing.T) {
	if os.Getenv(detEnv) != "" {
		t.Skip("in a child")
	}
	run := func() string {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDeterministicChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), detEnv+"=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		_, body, ok := strings.Cut(string(out), "<<<\n")
		body, _, ok2 := strings.Cut(body, "\n>>>")
		if !ok || !ok2 {
			t.Fatalf("child printed no output:\n%s", out)
		}
		return body
	}
	a, b := run(), run()
	if a != b {
		t.Errorf("two processes, same seed, different output:\n%s\n---\n%s", a, b)
	}
	if addr := regexp.MustCompile(`0x0*[1-9a-f][0-9a-f]{7,}`).FindString(a); addr != "" {
		t.Errorf("output carries a heap address %s:\n%s", addr, a)
	}
	for _, want := range []string{"with key '(a table value)'", "with key '(a function value)'"} {
		if !strings.Contains(a, want) {
			t.Errorf("output lacks %q:\n%s", want, a)
		}
	}
	t.Logf("%s", a)
}

func TestDeterministicChild(t *testing.T) {
	if os.Getenv(detEnv) == "" {
		t.Skip("run by TestDeterministicAcrossProcesses")
	}
	s, err := New(Options{Name: "det"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// something in _G that a plugin adds, as the bridge does
	s.L().SetGlobal("rulehost", s.L().CreateTable(0, 0))
	fn, err := s.Load("det.lua", detPlugin)
	if err != nil {
		t.Fatal(err)
	}
	rets, err := s.Call(context.Background(), dice.New(7, 1, 1), fn)
	if err != nil || len(rets) != 1 {
		t.Fatalf("%v %v", rets, err)
	}
	fmt.Printf("<<<\n%s\n>>>\n", lua.LVAsString(rets[0]))
}
