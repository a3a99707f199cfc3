// The playground: a thin page over the service's JSON API, no build step.
"use strict";
const $ = (id) => document.getElementById(id);

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
  const resp = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
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
    return;
  }
  $("record").textContent = json.records.map((r) => r.text).join("\n");
});
