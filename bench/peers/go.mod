module github.com/rulehost/rulehost/bench/peers

go 1.26.0

require github.com/rulehost/rulehost v0.0.0

require github.com/justinian/dice v1.0.3

require (
	github.com/fatih/color v1.13.0 // indirect
	github.com/hashicorp/go-hclog v1.6.3 // indirect
	github.com/mattn/go-colorable v0.1.12 // indirect
	github.com/mattn/go-isatty v0.0.22 // indirect
	github.com/yuin/gopher-lua v1.1.2 // indirect
	golang.org/x/sys v0.48.0 // indirect
)

replace github.com/rulehost/rulehost => ../..

replace github.com/yuin/gopher-lua => ../../third_party/gopher-lua
