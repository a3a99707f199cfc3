// The playground: a thin page over the service's JSON API, no build step.
"use strict";
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// source is the ruleset and sheet part of a request: bundled by name, or
// the pasted JSON (a paste that is not JSON is reported, not sent).
function source() {
  const body = {};
  const name = $("bundled").value.trim();
  if (name) {
    body.bundled = name;
    const sh = $("bundledSheet").value.trim();
    if (sh) body.bundledSheets = [sh];
    return body;
  }
  body.ruleset = JSON.parse($("ruleset").value);
  if ($("sheet").value.trim()) body.sheets = [JSON.parse($("sheet").value)];
  return body;
}

async function call(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const resp = await fetch(path, init);
  return { status: resp.status, json: await resp.json() };
}

function showProblems(problems) {
  const ul = $("problems");
  ul.textContent = "";
  for (const p of problems) {
    const li = document.createElement("li");
    li.textContent = (p.pointer || "(whole input)") + ": " + p.message;
    ul.appendChild(li);
  }
}

$("validate").addEventListener("click", async () => {
  let body;
  try { body = source(); } catch (e) { showProblems([{ pointer: "", message: "not JSON: " + e.message }]); return; }
  const { json } = await call("/v1/validate", body);
  if (json.error) { showProblems([{ pointer: "", message: json.error.message }]); return; }
  showProblems(json.problems);
  if (json.valid) $("problems").innerHTML = "<li class=ok style='color:green'>valid</li>";
});

$("roll").addEventListener("click", async () => {
  let body;
  try { body = source(); } catch (e) { $("record").textContent = "not JSON: " + e.message; return; }
  body.tag = $("tag").value;
  body.seed = Number($("seed").value) || 0;
  const { json } = await call("/v1/check", body);
  if (json.error) {
    $("record").textContent = json.error.code + ": " + json.error.message;
    if (json.error.problems) showProblems(json.error.problems);
    clearOdds("");
    return;
  }
  $("record").textContent = json.records.map((r) => r.text).join("\n");
  showOdds(body);
});

function percent(p) {
  return (p * 100).toFixed(p > 0 && p < 0.001 ? 3 : 2).replace(/\.?0+$/, "") + "%";
}

function clearOdds(text) {
  $("odds").textContent = "";
  $("odds-summary").textContent = text;
}

// showOdds asks /v1/odds for the written tag and draws one bar per
// outcome (plain SVG built with DOM calls: no markup from strings).
async function showOdds(body) {
  const isDice = /^\s*\[\s*roll_dice\b/i.test(body.tag);
  if (!isDice && !/^\s*\[\s*skill_check\b/i.test(body.tag)) { clearOdds("Odds are drawn for skill_check and roll_dice tags."); return; }
  const req = Object.assign({}, body);
  delete req.seed;
  const { json } = await call("/v1/odds", req);
  if (json.error) { clearOdds("no odds: " + json.error.message); return; }
  if (isDice) {
    $("odds-summary").textContent = json.dice.dice + ": mean " + json.dice.mean.toFixed(2) + " (exact)";
    drawBars($("odds"), diceOutcomes(json.dice));
    return;
  }
  const r = json.odds;
  $("odds-summary").textContent = "success: " + percent(r.success) + (r.exact ? " (exact)" : " (estimated from " + r.samples + " rolls)");
  drawBars($("odds"), r.outcomes);
}

function drawBars(host, outcomes) {
  host.textContent = "";
  const rowH = 24, labelW = 220, barW = 360, pctW = 70;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", labelW + barW + pctW);
  svg.setAttribute("height", rowH * outcomes.length + 4);
  svg.setAttribute("role", "img");
  outcomes.forEach((o, i) => {
    const y = i * rowH + 2;
    const g = document.createElementNS(SVG, "g");
    g.setAttribute("class", "bar");
    g.dataset.outcome = outcomeLabel(o);
    g.dataset.p = String(o.p);
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", 0);
    label.setAttribute("y", y + 16);
    label.textContent = outcomeLabel(o);
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("x", labelW);
    rect.setAttribute("y", y + 3);
    rect.setAttribute("height", rowH - 6);
    rect.setAttribute("width", Math.max(o.p * barW, o.p > 0 ? 1 : 0).toFixed(2));
    rect.setAttribute("class", o.success ? "success" : "failure");
    const title = document.createElementNS(SVG, "title");
    title.textContent = outcomeLabel(o) + ": " + percent(o.p);
    rect.appendChild(title);
    const pct = document.createElementNS(SVG, "text");
    pct.setAttribute("x", labelW + barW + 6);
    pct.setAttribute("y", y + 16);
    pct.textContent = percent(o.p);
    g.append(label, rect, pct);
    svg.appendChild(g);
  });
  host.appendChild(svg);
}

// ---- transcripts: fetched whole from /v1/replay, stepped through here.

let steps = [], at = 0;

async function listTranscripts() {
  const { json } = await call("/v1/transcripts");
  const sel = $("transcript");
  for (const t of (json.transcripts || [])) {
    const opt = document.createElement("option");
    opt.value = t.bundled + "/" + t.name;
    opt.textContent = t.bundled + ": " + t.name;
    sel.appendChild(opt);
  }
}

$("load-transcript").addEventListener("click", async () => {
  const [bundled, transcript] = $("transcript").value.split("/");
  const { json } = await call("/v1/replay", { bundled, transcript });
  if (json.error) { steps = []; $("step-of").textContent = json.error.code + ": " + json.error.message; showStep(); return; }
  steps = json.steps;
  at = 0;
  showStep();
});

$("prev").addEventListener("click", () => { if (at > 0) { at--; showStep(); } });
$("next").addEventListener("click", () => { if (at < steps.length - 1) { at++; showStep(); } });

function showStep() {
  $("prev").disabled = at <= 0 || steps.length === 0;
  $("next").disabled = at >= steps.length - 1;
  if (steps.length === 0) {
    for (const id of ["step-kind", "step-text", "step-records", "step-inventory", "step-live"]) $(id).textContent = "";
    return;
  }
  const s = steps[at];
  $("step-of").textContent = "reply " + (at + 1) + " of " + steps.length;
  $("step-kind").textContent = s.kind === "gm" ? "Game Master" : s.kind === "player" ? "Player" : "Regenerated reply";
  $("step-text").textContent = s.text;
  $("step-records").textContent = s.records.map((r) => r.text).join("\n");
  $("step-inventory").textContent = s.inventory;
  $("step-live").textContent = s.live;
}

listTranscripts();
