module github.com/rulehost/rulehost/bench/peers

go 1.26.0

require github.com/rulehost/rulehost v0.0.0

require github.com/justinian/dice v1.0.3

replace github.com/rulehost/rulehost => ../..

replace github.com/yuin/gopher-lua => ../../third_party/gopher-lua
