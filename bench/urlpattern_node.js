// urlpattern_node.js times Node's own URLPattern (V8's, with ada's URL
// pattern parser) on what BenchmarkURLPatternNode asks of it: for each
// case named on standard input (a JSON array of {name, pattern, input}),
// the operation (new, new-distinct, test or exec) n times after a warm-up, and prints
// one JSON object of name to nanoseconds per operation.
"use strict";
const [op, nArg] = process.argv.slice(2);
const n = Number(nArg);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {};
let sink;
for (const c of cases) {
  const p = new URLPattern(c.pattern);
  // new-distinct: a pattern of its own for each operation, as
  // distinctPattern makes them, made before the clock starts (the warm-up
  // uses others).
  const distinct = op === "new-distinct" ? Array.from({ length: n }, (_, i) => c.pattern.replace("example.com/", `example.com/v${i}/`)) : [];
  const warm = op === "new-distinct" ? Array.from({ length: 1000 }, (_, i) => c.pattern.replace("example.com/", `example.com/w${i}/`)) : [];
  let k = 0;
  const run = {
    new: () => { sink = new URLPattern(c.pattern); },
    "new-distinct": () => { sink = new URLPattern(k < 0 ? warm[-k - 1] : distinct[k]); k++; },
    test: () => { sink = p.test(c.input); },
    exec: () => { sink = p.exec(c.input); },
  }[op];
  k = -Math.min(n, 1000);
  for (let i = 0; i < Math.min(n, 1000); i++) run(); // warm-up
  k = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) run();
  out[c.name] = Number(process.hrtime.bigint() - start) / n;
}
process.stdout.write(JSON.stringify(out) + "\n");
void sink;
