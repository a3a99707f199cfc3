// Where a problem the service reports is in the editor's text, without
// CodeMirror (play_editor_test.go runs it under Node).
//
// The service counts lines from 1 at the first non-blank byte of the text
// it was sent (the page sends the text trimmed), and columns from 1 in
// UTF-8 bytes; the editor counts UTF-16 code units from 0.

// offsetAt is the editor offset of line:column in text, or -1 when the
// text has no such line.
function offsetAt(text, line, column) {
  let i = text.length - text.trimStart().length;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", i);
    if (nl < 0) return -1;
    i = nl + 1;
  }
  let bytes = Math.max(0, column - 1);
  while (bytes > 0 && i < text.length && text[i] !== "\n") {
    const cp = text.codePointAt(i);
    bytes -= cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp >= 0x10000 ? 2 : 1;
  }
  return i;
}

// problemRange is what to underline for a problem at line:column: from
// there to the end of its line, its trailing comma and blanks left out
// (at least one character, so an underline shows at a line's end too).
// A problem with no line (the input was not JSON text) covers the start.
function problemRange(text, line, column) {
  if (!line) return { from: 0, to: Math.min(text.length, 1) };
  const from = offsetAt(text, line, column || 1);
  if (from < 0) return { from: text.length, to: text.length };
  let to = text.indexOf("\n", from);
  if (to < 0) to = text.length;
  while (to > from && /[\s,]/.test(text[to - 1])) to--;
  if (to <= from) to = Math.min(text.length, from + 1);
  return { from, to };
}

export { offsetAt, problemRange };
