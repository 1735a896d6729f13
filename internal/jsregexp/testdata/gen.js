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
