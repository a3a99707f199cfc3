// Pure helpers of the playground's odds chart (no DOM), loaded before
// play.js; play_chart_test.go runs them under Node.
"use strict";

// outcomeLabel is how an outcome reads on its bar, as `rulehost odds`
// names it: the band, then a critical the band does not already say and
// the kind's flags ("Success (critical success)", "Failure (complication)").
function outcomeLabel(o) {
  const extra = [];
  if (o.critical && !/critical/i.test(o.outcome)) extra.push("critical " + o.critical);
  for (const f of (o.flags || [])) extra.push(f);
  return extra.length ? o.outcome + " (" + extra.join("; ") + ")" : o.outcome;
}

// diceOutcomes turns /v1/odds' dice (every total of a roll_dice tag) into
// bars: one per total, lowest first.
function diceOutcomes(d) {
  return (d.values || []).map((v) => ({ outcome: String(v.value), p: v.p, success: true }));
}

if (typeof module !== "undefined") module.exports = { outcomeLabel, diceOutcomes };
