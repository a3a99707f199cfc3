// Completion from a JSON Schema, without CodeMirror: where the cursor is
// in a JSON text (scanContext) and what the schema allows there
// (keyOptions, valueOptions). Pure functions, so play_editor_test.go runs
// them under Node without a browser or node_modules.
//
// The text being edited is seldom valid JSON, so the cursor's place is
// read by a small tolerant scanner rather than a parser: it tracks the
// open objects and arrays, the key each value is under, and the literal
// members of each object (a resolution's "kind" decides which keys it
// may have, and the schema says so with if/then).

// tokens yields the JSON tokens of text: strings (maybe unterminated),
// words (numbers, true, false, null, or any run of other characters) and
// punctuation, each with its start and end.
function* tokens(text) {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") { i++; continue; }
    if ("{}[]:,".includes(c)) { yield { t: c, from: i, to: i + 1 }; i++; continue; }
    if (c === '"') {
      let j = i + 1;
      let closed = false;
      while (j < n) {
        if (text[j] === "\\") { j += 2; continue; }
        if (text[j] === '"') { closed = true; j++; break; }
        if (text[j] === "\n") break; // a string never spans lines: stop at the end of this one
        j++;
      }
      j = Math.min(j, n);
      yield { t: "string", from: i, to: j, closed, value: closed ? unquote(text.slice(i, j)) : text.slice(i + 1, j) };
      i = j;
      continue;
    }
    let j = i;
    while (j < n && !" \t\n\r{}[]:,\"".includes(text[j])) j++;
    yield { t: "word", from: i, to: j, value: text.slice(i, j) };
    i = j;
  }
}

function unquote(s) {
  try { return JSON.parse(s); } catch (e) { return s.slice(1, -1); }
}

function literal(tok) {
  if (tok.t === "string") return tok.closed ? tok.value : undefined;
  if (tok.value === "true") return true;
  if (tok.value === "false") return false;
  if (tok.value === "null") return null;
  const num = Number(tok.value);
  return tok.value !== "" && !Number.isNaN(num) ? num : undefined;
}

// scanContext says what the cursor at pos is writing in text:
//   {role: "key" | "value", from, to, path, objects, present}
// role "key": a member name of the object at path (from..to is the
// name's string, quotes included, or the empty place pos..pos);
// role "value": the value under path's last segment. objects[i] holds
// the literal members of the object at path.slice(0, i) (of the whole
// text, after the cursor too); present is the keys the innermost object
// already has. null when pos is in no object or array.
function scanContext(text, pos) {
  const stack = []; // frames: {kind: "object"|"array", key, index, expect, members, keys}
  const root = { kind: "root", expect: "value" };
  let at = null; // the context, once the scan passes pos
  let frames = null; // the stack as it stood at pos; the scan goes on to
  // the end, so each frame's members include those after the cursor
  for (const tok of tokens(text)) {
    const top = stack.length ? stack[stack.length - 1] : root;
    if (at === null && tok.from >= pos) at = placeBetween(top, pos, stack);
    if (at === null && tok.from < pos && pos <= tok.to && (tok.t === "string" || tok.t === "word")) {
      at = placeIn(top, tok, pos, stack);
    }
    // the frames' keys as they stand at pos (the scan goes on past it and
    // moves them on); their members keep filling
    if (at !== null && frames === null) frames = stack.map((f) => ({ f, key: f.key, index: f.index }));
    step(stack, top, tok);
  }
  if (at === null) {
    const top = stack.length ? stack[stack.length - 1] : root;
    at = placeBetween(top, pos, stack);
    frames = stack.map((f) => ({ f, key: f.key, index: f.index }));
  }
  if (!at || frames.length === 0) return null;
  const path = [];
  const objects = [];
  for (let i = 0; i < frames.length; i++) {
    const { f, key, index } = frames[i];
    objects.push(f.kind === "object" ? f.members : null);
    const last = i === frames.length - 1;
    if (last && at.role === "key") break;
    path.push(f.kind === "object" ? key : index);
  }
  const inner = frames[frames.length - 1].f;
  return { role: at.role, from: at.from, to: at.to, path, objects, present: inner.kind === "object" ? [...inner.keys] : [] };
}

// placeBetween: the cursor stands between tokens, in frame top.
function placeBetween(top, pos, stack) {
  if (!stack.length) return false;
  if (top.kind === "object" && top.expect === "key") return { role: "key", from: pos, to: pos };
  if (top.expect === "value") return { role: "value", from: pos, to: pos };
  return false;
}

// placeIn: the cursor is inside (or at the end of) a string or word.
function placeIn(top, tok, pos, stack) {
  if (!stack.length) return false;
  // an unterminated string runs to the end of its line: only what is
  // before the cursor is the one being written
  const to = tok.t === "string" && !tok.closed ? pos : tok.to;
  if (top.kind === "object" && top.expect === "key") return { role: "key", from: tok.from, to };
  if (top.expect === "value") return { role: "value", from: tok.from, to };
  return false;
}

// step moves the scan past one token.
function step(stack, top, tok) {
  switch (tok.t) {
    case "{":
    case "[": {
      const f = tok.t === "{" ? { kind: "object", expect: "key", key: null, members: {}, keys: new Set() } : { kind: "array", expect: "value", index: 0 };
      if (top.kind === "object") top.expect = "comma";
      stack.push(f);
      return;
    }
    case "}":
    case "]":
      if (stack.length) stack.pop();
      return;
    case ":":
      if (top.kind === "object") top.expect = "value";
      return;
    case ",":
      if (top.kind === "object") { top.expect = "key"; top.key = null; }
      if (top.kind === "array") { top.index++; top.expect = "value"; }
      return;
  }
  if (top.kind === "object") {
    if (top.expect === "key" && tok.t === "string") {
      top.key = tok.value;
      top.keys.add(tok.value);
      top.expect = "colon";
    } else if (top.expect === "value") {
      const v = literal(tok);
      if (v !== undefined && top.key !== null) top.members[top.key] = v;
      top.expect = "comma";
    }
  } else if (top.kind === "array") {
    top.expect = "comma";
  }
}

// ---- the schema side

function lookup(root, ref) {
  if (typeof ref !== "string" || !ref.startsWith("#/")) return null;
  let node = root;
  for (const raw of ref.slice(2).split("/")) {
    const k = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(k in node)) return null;
    node = node[k];
  }
  return node;
}

function deref(root, s) {
  for (let n = 0; s && typeof s === "object" && s.$ref && n < 32; n++) s = lookup(root, s.$ref);
  return s && typeof s === "object" ? s : {};
}

// matches evaluates an if schema of the shapes the generated schemas use
// (properties with const or enum, required) against an object's literal
// members; a member not known (not literal, or not written yet) fails.
function matches(cond, members) {
  members = members || {};
  for (const r of cond.required || []) if (!(r in members)) return false;
  for (const [k, p] of Object.entries(cond.properties || {})) {
    if (!(k in members) || !p) continue;
    if ("const" in p && members[k] !== p.const) return false;
    if (Array.isArray(p.enum) && !p.enum.includes(members[k])) return false;
  }
  return true;
}

// branches are the schemas that apply to a value with these literal
// members: s, what its $ref names, its allOf, every anyOf/oneOf alternative (completion offers
// the union), and the then (or else) of each if.
function branches(root, s, members, out = [], depth = 0) {
  if (!s || typeof s !== "object" || depth > 24 || out.includes(s)) return out;
  out.push(s);
  // a $ref's siblings (its description) count, then what it names
  if (s.$ref) branches(root, lookup(root, s.$ref), members, out, depth + 1);
  for (const a of s.allOf || []) branches(root, a, members, out, depth + 1);
  for (const a of [...(s.anyOf || []), ...(s.oneOf || [])]) branches(root, a, members, out, depth + 1);
  if (s.if) {
    if (matches(deref(root, s.if), members)) { if (s.then) branches(root, s.then, members, out, depth + 1); }
    else if (s.else) branches(root, s.else, members, out, depth + 1);
  }
  return out;
}

// schemaAt is the schema of the value at path (null when the schema says
// nothing there): objects[i] are the literal members met on the way.
function schemaAt(root, path, objects) {
  let s = root;
  for (let i = 0; i < path.length; i++) {
    const bs = branches(root, s, objects[i]);
    const seg = path[i];
    const found = [];
    for (const b of bs) {
      if (typeof seg === "number") {
        if (b.items && typeof b.items === "object") found.push(b.items);
      } else if (seg !== null && b.properties && Object.prototype.hasOwnProperty.call(b.properties, seg)) {
        found.push(b.properties[seg]);
      }
    }
    if (!found.length && typeof seg === "string") {
      for (const b of bs) if (b.additionalProperties && typeof b.additionalProperties === "object") found.push(b.additionalProperties);
    }
    if (!found.length) return null;
    // a key the variants type differently is a bare "depends on ..." in
    // the section's own properties: the variant's schema comes first
    const bare = (x) => Object.keys(x).length === 1 && "description" in x;
    found.sort((a, b) => bare(a) - bare(b));
    s = found.length === 1 ? found[0] : { allOf: found };
  }
  return s;
}

function describe(root, s) {
  for (const b of branches(root, s, {})) if (b.description) return b.description;
  return "";
}

function typeOf(root, s) {
  const types = new Set();
  for (const b of branches(root, s, {})) {
    if (typeof b.type === "string") types.add(b.type);
    if (Array.isArray(b.type)) b.type.forEach((t) => types.add(t));
    if (b.enum) types.add("enum");
  }
  return [...types].join(" | ");
}

// keyOptions are the member names the schema allows in the object the
// context is in and the text does not have yet: required ones first,
// then by name; each with its type and description.
function keyOptions(root, ctx) {
  if (!ctx || ctx.role !== "key") return [];
  const s = schemaAt(root, ctx.path, ctx.objects);
  if (!s) return [];
  const bs = branches(root, s, ctx.objects[ctx.objects.length - 1]);
  const props = new Map();
  const required = new Set();
  let allowed = null;
  for (const b of bs) {
    for (const [k, p] of Object.entries(b.properties || {})) {
      const prev = props.get(k);
      // a key every variant types differently reads "depends on ...":
      // the variant's own schema, when one applies, says more
      if (!prev || (Object.keys(deref(root, prev)).length <= 1 && Object.keys(deref(root, p)).length > 1)) props.set(k, p);
    }
    for (const r of b.required || []) required.add(r);
    if (b.propertyNames && Array.isArray(b.propertyNames.enum)) {
      const names = new Set(b.propertyNames.enum);
      allowed = allowed === null ? names : new Set([...allowed].filter((x) => names.has(x)));
    }
  }
  const present = new Set(ctx.present);
  const out = [];
  for (const [k, p] of props) {
    if (present.has(k) || (allowed !== null && !allowed.has(k))) continue;
    out.push({ label: k, type: typeOf(root, p), info: describe(root, p), required: required.has(k) });
  }
  out.sort((a, b) => (a.required !== b.required ? (a.required ? -1 : 1) : a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return out;
}

// valueOptions are the values the schema names for the value at the
// context's path: its enum and const values, its examples, true/false.
function valueOptions(root, ctx) {
  if (!ctx || ctx.role !== "value") return [];
  const s = schemaAt(root, ctx.path, ctx.objects);
  if (!s) return [];
  const seen = new Set();
  const out = [];
  const add = (v, info) => {
    const text = JSON.stringify(v);
    if (seen.has(text)) return;
    seen.add(text);
    out.push({ label: typeof v === "string" ? v : text, text, info });
  };
  const info = describe(root, s);
  for (const b of branches(root, s, {})) {
    for (const v of b.enum || []) add(v, info);
    if ("const" in b) add(b.const, info);
    for (const v of b.examples || []) add(v, info);
    if (b.type === "boolean") { add(true, info); add(false, info); }
  }
  return out;
}

// keyInfo is what the schema says of the member name at pos (for a hover):
// {from, to, key, type, info}, or null when pos is on no key the schema
// knows.
function keyInfo(root, text, pos) {
  const ctx = scanContext(text, pos);
  if (!ctx || ctx.role !== "key" || ctx.from === ctx.to || text[ctx.from] !== '"') return null;
  const key = unquote(text.slice(ctx.from, ctx.to));
  if (typeof key !== "string") return null;
  const s = schemaAt(root, [...ctx.path, key], ctx.objects);
  if (!s) return null;
  return { from: ctx.from, to: ctx.to, key, type: typeOf(root, s), info: describe(root, s) };
}

export { scanContext, schemaAt, keyOptions, valueOptions, keyInfo };
