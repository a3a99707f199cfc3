package session

// The later sections of spec/items.md register what they answer with
// engine/items (inventory actions, tags of their own) in their init;
// importing them here makes every session answer them.
import (
	_ "github.com/rulehost/rulehost/engine/fight"  // [fight: op=...], a fight against the bestiary
	_ "github.com/rulehost/rulehost/engine/gear"   // [gear: take=...], the player's starting gear
	_ "github.com/rulehost/rulehost/engine/loot"   // [loot: table=...]
	_ "github.com/rulehost/rulehost/engine/market" // [place:], buy, sell, reveal, inspecting fakes
	_ "github.com/rulehost/rulehost/engine/money"  // pay and earn
)
