// gen.js writes ecmascript.json, the expected results of exec for the cases
// of ecmascript-cases.txt, as the JavaScript engine that runs it returns
// them (V8 of Node.js 20 wrote the committed file):
//
//   node gen.js ecmascript-cases.txt > ecmascript.json
//
// Each line of the cases is a pattern, the flags beside "v" ("i" or
// nothing) and an input, separated by tabs; "\n" in the input is a line
// feed. A result is null (no match), "error" (RegExp throws) or the match
// and its captures, null for an undefined one. Node.js 20 predates
// ECMAScript 2025's modifiers and duplicate group names, which
// es2025_test.go covers.
const fs = require('fs');
const lines = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(l => l.length);
const out = [];
for (const l of lines) {
  const [pat, fl, inp0] = l.split('\t');
  const inp = inp0.replace(/\\n/g, '\n');
  const flags = 'v' + (fl.includes('i') ? 'i' : '');
  let r;
  try {
    const re = new RegExp(pat, flags);
    const m = re.exec(inp);
    r = m === null ? null : Array.from(m, x => x === undefined ? null : x);
  } catch (e) { r = 'error'; }
  out.push({pattern: pat, ignoreCase: fl.includes('i'), input: inp, expected: r});
}
console.log(JSON.stringify(out, null, 1));
