// The playground: a page over the service's JSON API. The editors are
// CodeMirror 6 (editor.js, built from web/ by `make play-assets`); this
// file is the page and has no build step.
"use strict";
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// Raw is JSON text put into a request as it is.
function Raw(text) { this.text = text; }

// serialize is JSON.stringify that writes Raw values verbatim (trimmed:
// the service counts a problem's line from the text's first non-blank
// byte, and the editor maps it back the same way).
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

// ---- the editors

const BLANK = `{
  "id": "my-game",
  "name": "My game",
  "resolution": {
    "kind": "dice-sum",
    "dice": {"count": 1, "sides": 20},
    "proficiencyTiers": [{"id": "trained", "flat": 2}]
  },
  "skills": [{"id": "Athletics"}]
}
`;
const editors = {
  ruleset: RulehostEditor.create($("ruleset-editor"), { doc: BLANK, label: "ruleset JSON", onChange: () => scheduleCheck() }),
  sheet: RulehostEditor.create($("sheet-editor"), { doc: "", label: "sheet JSON", onChange: () => scheduleCheck() }),
};
window.playEditors = editors; // for the browser test and the console

async function loadSchemas() {
  for (const name of ["ruleset", "sheet"]) {
    const { status, json } = await call("/v1/schema/" + name);
    if (status === 200) editors[name].setSchema(json);
  }
}

// source is the ruleset and sheet part of a request: the editors' texts
// as written, edited or not (a sheet only when there is one). A text
// that is not JSON is sent all the same: the service says where.
function source() {
  const body = { ruleset: new Raw(editors.ruleset.text()) };
  if (editors.sheet.text().trim()) body.sheets = [new Raw(editors.sheet.text())];
  return body;
}

// ---- problems as you type: a check is sent a moment after the last
// edit; an answer to an older text than the editors hold is dropped.

const DEBOUNCE_MS = 400;
let timer = null, generation = 0;

function scheduleCheck() {
  clearTimeout(timer);
  generation++;
  setStatus("", "editing");
  timer = setTimeout(checkNow, DEBOUNCE_MS);
}

function setStatus(cls, text) {
  const el = $("status");
  el.className = cls;
  el.textContent = text;
}

async function checkNow() {
  const mine = ++generation;
  const local = { ruleset: editors.ruleset.syntaxProblems(), sheet: editors.sheet.text().trim() ? editors.sheet.syntaxProblems() : [] };
  if (!editors.sheet.text().trim()) editors.sheet.setProblems([]);
  if (local.ruleset.length || local.sheet.length) {
    const input = local.ruleset.length ? "ruleset" : "sheet";
    listProblems(local[input].map((p) => ({ at: p, pointer: "", message: "not JSON: " + p.message })), input);
    setStatus("bad", input + " is not JSON");
    return;
  }
  let answer;
  try { answer = await call("/v1/validate", source()); } catch (e) { if (mine === generation) setStatus("bad", "no answer: " + e.message); return; }
  if (mine !== generation) return;
  const { json } = answer;
  if (json.error) {
    editors.ruleset.setProblems([]);
    editors.sheet.setProblems([]);
    listProblems([{ pointer: "", message: json.error.code + ": " + json.error.message }], "ruleset");
    setStatus("bad", json.error.code);
    return;
  }
  const input = json.input === "sheet" ? "sheet" : "ruleset";
  const other = input === "sheet" ? "ruleset" : "sheet";
  const warnings = (json.warnings || []).map((w) => ({ ...w, severity: "warning" }));
  editors[input].setProblems(json.problems.concat(input === "ruleset" ? warnings : []));
  editors[other].setProblems(other === "ruleset" ? warnings : []);
  listProblems(json.problems.map((p) => ({ ...p, at: p.line ? editors[input].place(p.line, p.column) : null }))
    .concat(warnings.map((w) => ({ ...w, at: w.line ? editors.ruleset.place(w.line, w.column) : null }))), input);
  if (json.valid) setStatus("ok", "valid" + (warnings.length ? " (" + warnings.length + " warnings)" : ""));
  else setStatus("bad", json.problems.length + " problem" + (json.problems.length === 1 ? "" : "s") + " in the " + input);
}

// listProblems lists the problems as LINE:COL: /pointer: message under
// the editors, LINE:COL as the editor's gutter numbers them (p.at, from
// the editor's place: the service counts from the text's first non-blank
// byte, in UTF-8 bytes); a click on one selects its place. Warnings are
// in the ruleset.
function listProblems(problems, input) {
  const ul = $("problems");
  ul.textContent = "";
  for (const p of problems) {
    const li = document.createElement("li");
    const where = p.at ? p.at.line + ":" + p.at.column + ": " : "";
    const inSheet = input === "sheet" && p.severity !== "warning";
    li.textContent = (inSheet ? "sheet " : "") + where + (p.pointer || "(whole input)") + ": " + p.message;
    if (p.severity === "warning") li.classList.add("warning");
    if (p.at) {
      li.classList.add("at");
      li.addEventListener("click", () => editors[inSheet ? "sheet" : "ruleset"].selectRange(p.at.from, p.at.to));
    }
    ul.appendChild(li);
  }
}

// ---- the chooser: the bundled rulesets, their sheets and transcripts
// (GET /v1/bundled); choosing one puts its files in the editors as
// written (GET /v1/bundled/NAME).

// loaded is the bundled ruleset last chosen: its name, sheets and
// transcripts as written (GET /v1/bundled/NAME), null for a new one.
let loaded = null;

async function listBundled() {
  const { json } = await call("/v1/bundled");
  const sel = $("bundled"), tsel = $("transcript");
  for (const b of (json.bundled || [])) {
    sel.appendChild(new Option(b.name, b.name));
    for (const t of b.transcripts) tsel.appendChild(new Option(b.name + ": " + t, b.name + "/" + t));
  }
  document.body.dataset.bundled = String((json.bundled || []).length);
}

$("bundled").addEventListener("change", async () => {
  const name = $("bundled").value;
  const ssel = $("bundledSheet");
  ssel.length = 1;
  loaded = null;
  if (!name) { editors.ruleset.setText(BLANK); editors.sheet.setText(""); return; }
  const { json } = await call("/v1/bundled/" + encodeURIComponent(name));
  if (json.error) { setStatus("bad", json.error.code + ": " + json.error.message); return; }
  loaded = json;
  for (const s of json.sheets) ssel.appendChild(new Option(s.name, s.name));
  editors.ruleset.setText(json.ruleset);
  ssel.value = json.sheets.length ? json.sheets[0].name : "";
  editors.sheet.setText(json.sheets.length ? json.sheets[0].text : "");
  const tsel = $("transcript");
  const first = Array.from(tsel.options).find((o) => o.value.startsWith(name + "/"));
  if (first) tsel.value = first.value;
});

$("bundledSheet").addEventListener("change", () => {
  const s = loaded && loaded.sheets.find((x) => x.name === $("bundledSheet").value);
  editors.sheet.setText(s ? s.text : "");
});

// ---- roll, odds, sweep: of the editors' texts as they stand

$("roll").addEventListener("click", async () => {
  const body = source();
  body.tag = $("tag").value;
  body.seed = Number($("seed").value) || 0;
  const { json } = await call("/v1/check", body);
  if (json.error) {
    $("record").textContent = json.error.code + ": " + json.error.message;
    clearOdds("");
    return;
  }
  $("record").textContent = json.records.map((r) => r.text).join("\n");
  showOdds(body);
});

$("draw-sweep").addEventListener("click", async () => {
  const body = source();
  body.tag = $("tag").value;
  body.sweep = $("sweep").value.trim();
  $("sweep-chart").textContent = "";
  const { json } = await call("/v1/odds", body);
  if (json.error) { $("sweep-summary").textContent = "no sweep: " + json.error.code + ": " + json.error.message; return; }
  const pts = (json.sweep && json.sweep.points) || [];
  if (!pts.length) { $("sweep-summary").textContent = "no sweep: no values in " + body.sweep; return; }
  const exact = pts.every((p) => p.exact);
  $("sweep-summary").textContent = "success by " + json.sweep.attr + ", " + pts[0].value + " to " + pts[pts.length - 1].value + (exact ? " (exact)" : " (hollow points sampled)");
  drawSweep($("sweep-chart"), json.sweep.attr, pts);
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

// drawSweep draws the chance of success against the swept value: a line
// through one point per value, 0 to 100% up the side.
function drawSweep(host, attr, pts) {
  host.textContent = "";
  const W = 560, H = 240, left = 48, right = 12, top = 10, bottom = 34;
  const lo = pts[0].value, hi = pts[pts.length - 1].value;
  const x = (v) => left + (hi === lo ? 0 : ((v - lo) / (hi - lo)) * (W - left - right));
  const y = (p) => top + (1 - p) * (H - top - bottom);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", W);
  svg.setAttribute("height", H);
  svg.setAttribute("role", "img");
  const el = (name, attrs, text) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  el("path", { class: "axis", d: `M${left},${top}V${y(0)}H${W - right}` });
  for (const p of [0, 0.5, 1]) el("text", { x: 4, y: y(p) + 4 }, percent(p));
  const step = Math.max(1, Math.ceil(pts.length / 10));
  pts.forEach((p, i) => { if (i % step === 0 || i === pts.length - 1) el("text", { x: x(p.value) - 6, y: H - bottom + 16 }, String(p.value)); });
  el("text", { x: (W - left) / 2 + left - 10, y: H - 4 }, attr);
  el("polyline", { class: "line", points: pts.map((p) => x(p.value).toFixed(1) + "," + y(p.success).toFixed(1)).join(" ") });
  for (const p of pts) {
    const c = el("circle", { cx: x(p.value).toFixed(1), cy: y(p.success).toFixed(1), r: 3, class: p.exact ? "exact" : "sampled" });
    c.dataset.value = String(p.value);
    c.dataset.p = String(p.success);
    const title = document.createElementNS(SVG, "title");
    title.textContent = attr + "=" + p.value + ": " + percent(p.success);
    c.appendChild(title);
  }
  host.appendChild(svg);
}

// ---- transcripts: fetched whole from /v1/replay, stepped through here.

let steps = [], at = 0;

// replayBody is what /v1/replay is asked: a transcript of the ruleset the
// editors started from is played by the editors' ruleset, and by its
// sample party with the chosen sheet as the sheet editor holds it (so an
// edit shows in the replay); any other by its bundled ruleset.
function replayBody(bundled, transcript) {
  const t = loaded && loaded.name === bundled && loaded.transcripts.find((x) => x.name === transcript);
  if (!t) return { body: { bundled, transcript }, by: "played by the bundled " + bundled };
  const chosen = $("bundledSheet").value;
  const sheets = loaded.sheets.map((s) => new Raw(s.name === chosen && editors.sheet.text().trim() ? editors.sheet.text() : s.text));
  return { body: { ruleset: new Raw(editors.ruleset.text()), sheets, text: t.text }, by: "played by the ruleset in the editor" };
}

$("load-transcript").addEventListener("click", async () => {
  const [bundled, transcript] = $("transcript").value.split("/");
  const { body, by } = replayBody(bundled, transcript);
  $("replay-by").textContent = by;
  const { json } = await call("/v1/replay", body);
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

listBundled();
loadSchemas();
scheduleCheck();
