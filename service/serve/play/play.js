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
  // The texts go as written (raw, not re-serialized), so the line and
  // column of each problem the service reports count in the text here.
  JSON.parse($("ruleset").value);
  body.ruleset = new Raw($("ruleset").value);
  if ($("sheet").value.trim()) { JSON.parse($("sheet").value); body.sheets = [new Raw($("sheet").value)]; }
  return body;
}

// Raw is JSON text put into a request as it is.
function Raw(text) { this.text = text; }

// serialize is JSON.stringify that writes Raw values verbatim.
function serialize(body) {
  const raws = [];
  const s = JSON.stringify(body, (k, v) => (v instanceof Raw ? "\u0000raw" + (raws.push(v.text) - 1) : v));
  return s.replace(/"\\u0000raw(\d+)"/g, (_, i) => raws[Number(i)].trim());
}

async function call(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: serialize(body) };
  const resp = await fetch(path, init);
  return { status: resp.status, json: await resp.json() };
}

// showProblems lists the problems as LINE:COL: /pointer: message; a
// click on one selects that place in the text it is in (input: "ruleset"
// or "sheet"), counting lines past the text's leading blank lines as the
// service does (it reads the text from its first non-blank byte).
function showProblems(problems, input) {
  const ul = $("problems");
  ul.textContent = "";
  const area = $(input === "sheet" ? "sheet" : "ruleset");
  for (const p of problems) {
    const li = document.createElement("li");
    const where = p.line ? p.line + ":" + p.column + ": " : "";
    li.textContent = where + (p.pointer || "(whole input)") + ": " + p.message;
    if (p.line && area.value.trim()) {
      li.className = "at";
      li.addEventListener("click", () => markAt(area, p.line, p.column));
    }
    ul.appendChild(li);
  }
}

// markAt selects the rest of line:column in the textarea.
function markAt(area, line, column) {
  const text = area.value;
  const lead = text.length - text.trimStart().length;
  let i = lead;
  for (let l = 1; l < line && i >= 0; l++) i = text.indexOf("\n", i) + 1;
  if (i <= 0 && line > 1) return;
  const start = i + column - 1;
  let end = text.indexOf("\n", start);
  if (end < 0) end = text.length;
  area.focus();
  area.setSelectionRange(start, end);
}

$("validate").addEventListener("click", async () => {
  let body;
  try { body = source(); } catch (e) { showProblems([{ pointer: "", message: "not JSON: " + e.message }]); return; }
  const { json } = await call("/v1/validate", body);
  if (json.error) { showProblems([{ pointer: "", message: json.error.message }]); return; }
  showProblems(json.problems, json.input);
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
  if (!/^\s*\[\s*skill_check\b/i.test(body.tag)) { clearOdds("Odds are drawn for skill_check tags."); return; }
  const req = Object.assign({}, body);
  delete req.seed;
  const { json } = await call("/v1/odds", req);
  if (json.error) { clearOdds("no odds: " + json.error.message); return; }
  const r = json.odds;
  $("odds-summary").textContent = "success: " + percent(r.success) + (r.exact ? " (exact)" : " (estimated from " + r.samples + " rolls)");
  drawBars($("odds"), r.outcomes);
}

function drawBars(host, outcomes) {
  host.textContent = "";
  const rowH = 24, labelW = 150, barW = 360, pctW = 70;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", labelW + barW + pctW);
  svg.setAttribute("height", rowH * outcomes.length + 4);
  svg.setAttribute("role", "img");
  outcomes.forEach((o, i) => {
    const y = i * rowH + 2;
    const g = document.createElementNS(SVG, "g");
    g.setAttribute("class", "bar");
    g.dataset.outcome = o.outcome;
    g.dataset.p = String(o.p);
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", 0);
    label.setAttribute("y", y + 16);
    label.textContent = o.outcome;
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("x", labelW);
    rect.setAttribute("y", y + 3);
    rect.setAttribute("height", rowH - 6);
    rect.setAttribute("width", Math.max(o.p * barW, o.p > 0 ? 1 : 0).toFixed(2));
    rect.setAttribute("class", o.success ? "success" : "failure");
    const title = document.createElementNS(SVG, "title");
    title.textContent = o.outcome + ": " + percent(o.p);
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
