// The playground's editor: CodeMirror 6 over a JSON text, with completion
// from a JSON Schema (complete.js) and the service's problems underlined
// (problems.js). Bundled by esbuild into service/serve/play/editor.js as
// the global RulehostEditor (web/build.js, `make play-assets`); play.js
// is the page and stays unbundled.
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, hoverTooltip } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { json, jsonParseLinter } from "@codemirror/lang-json";
import { syntaxHighlighting, defaultHighlightStyle, bracketMatching, indentOnInput, foldGutter, foldKeymap } from "@codemirror/language";
import { setDiagnostics, lintGutter, lintKeymap } from "@codemirror/lint";
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { scanContext, keyOptions, valueOptions, keyInfo } from "./complete.js";
import { offsetAt, problemRange } from "./problems.js";

// completionSource offers what the schema allows at the cursor. The
// range an option replaces is read again when it is applied: the user
// may have typed on while the list was open.
function completionSource(holder) {
  return (cx) => {
    if (!holder.schema) return null;
    const text = cx.state.doc.toString();
    const ctx = scanContext(text, cx.pos);
    if (!ctx) return null;
    const quoted = ctx.from < ctx.to && text[ctx.from] === '"';
    const start = quoted ? ctx.from + 1 : ctx.from;
    if (!cx.explicit && !quoted && start === cx.pos) return null; // not asked, nothing typed
    let options;
    if (ctx.role === "key") {
      options = keyOptions(holder.schema, ctx).map((o) => ({
        label: o.label, type: "property", detail: o.type + (o.required ? " (required)" : ""), info: o.info || undefined,
        boost: o.required ? 1 : 0, apply: applyKey(o.label),
      }));
    } else {
      options = valueOptions(holder.schema, ctx).map((o) => ({
        label: o.label, type: "constant", info: o.info || undefined, apply: applyValue(o.text),
      }));
    }
    if (!options.length) return null;
    return { from: start, options, validFor: /^[\w$.-]*$/ };
  };
}

function applyKey(name) {
  return (view) => {
    const text = view.state.doc.toString();
    const ctx = scanContext(text, view.state.selection.main.head);
    if (!ctx) return;
    const hasColon = /^\s*:/.test(text.slice(ctx.to));
    const insert = JSON.stringify(name) + (hasColon ? "" : ": ");
    view.dispatch({ changes: { from: ctx.from, to: ctx.to, insert }, selection: { anchor: ctx.from + insert.length }, userEvent: "input.complete" });
  };
}

function applyValue(literal) {
  return (view) => {
    const ctx = scanContext(view.state.doc.toString(), view.state.selection.main.head);
    if (!ctx) return;
    view.dispatch({ changes: { from: ctx.from, to: ctx.to, insert: literal }, selection: { anchor: ctx.from + literal.length }, userEvent: "input.complete" });
  };
}

// keyHover shows what the schema says of the key under the pointer: its
// type and meaning, as docs/ruleset.md has them.
function keyHover(holder) {
  return hoverTooltip((view, pos) => {
    if (!holder.schema) return null;
    const k = keyInfo(holder.schema, view.state.doc.toString(), pos);
    if (!k || !k.info) return null;
    return {
      pos: k.from, end: k.to, above: true,
      create() {
        const dom = document.createElement("div");
        dom.className = "cm-key-info";
        const head = document.createElement("b");
        head.textContent = k.key + (k.type ? " (" + k.type + ")" : "");
        dom.append(head, document.createTextNode(": " + k.info));
        return { dom };
      },
    };
  });
}

const parseLint = jsonParseLinter();

// create puts an editor in parent. opts: doc (the text), schema (a JSON
// Schema object, or set later), onChange (called after each edit), label
// (its accessible name).
function create(parent, opts = {}) {
  const holder = { schema: opts.schema || null };
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: opts.doc || "",
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), foldGutter(), lintGutter(), history(), drawSelection(),
        indentOnInput(), bracketMatching(), closeBrackets(), highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }), json(),
        autocompletion({ override: [completionSource(holder)], icons: false }),
        keyHover(holder),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": opts.label || "JSON" }),
        EditorView.updateListener.of((u) => { if (u.docChanged && opts.onChange) opts.onChange(); }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(t) { view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } }); },
    setSchema(s) { holder.schema = s; },
    // setProblems underlines each problem ({line, column, pointer,
    // message, severity}) in the current text: the caller sends only
    // problems of the text as it stands.
    setProblems(problems) {
      const text = view.state.doc.toString();
      const diags = problems.map((p) => {
        const r = problemRange(text, p.line, p.column);
        return { from: r.from, to: r.to, severity: p.severity || "error", message: (p.pointer ? p.pointer + ": " : "") + p.message, source: "rulehost" };
      });
      view.dispatch(setDiagnostics(view.state, diags));
    },
    // syntaxProblems underlines where the text stops being JSON (the page
    // checks that itself: a text that is not JSON is not sent) and
    // returns those problems as {from, to, line, column, message}, in the
    // editor's numbering; [] for JSON.
    syntaxProblems() {
      const doc = view.state.doc;
      const diags = parseLint(view).map((d) => {
        const from = Math.max(0, Math.min(d.from, doc.length - 1));
        return { ...d, from, to: Math.min(doc.length, from + 1), source: "JSON" };
      });
      view.dispatch(setDiagnostics(view.state, diags));
      return diags.map((d) => { const l = doc.lineAt(d.from); return { from: d.from, to: d.to, line: l.number, column: d.from - l.from + 1, message: d.message }; });
    },
    // place is where line:column, as the service counts them, is in the
    // editor: {from, to} to underline, and the line and column (from 1,
    // in characters) as the editor's gutter numbers them.
    place(line, column) {
      const doc = view.state.doc;
      const r = problemRange(doc.toString(), line, column);
      const l = doc.lineAt(r.from);
      return { from: r.from, to: r.to, line: l.number, column: r.from - l.from + 1 };
    },
    // selectRange selects from..to and scrolls to it.
    selectRange(from, to) {
      view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
      view.focus();
    },
  };
}

export { create, scanContext, keyOptions, valueOptions, keyInfo, offsetAt, problemRange };
