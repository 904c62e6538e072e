// Node side of the WebAssembly cross-check: the npm Pyodide, no browser.
// Reads one JSON object on stdin: {root, files, module_file, module, plan, out}
// (files are paths relative to root, written to the same place under /home/pyodide),
// runs <module>.run_json(plan) and writes {timings, version, result} as JSON to `out`.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const input = JSON.parse(readFileSync(0, "utf8"));
const home = "/home/pyodide";
const t0 = performance.now();
const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(`[python] ${line}\n`),
  stderr: (line) => process.stderr.write(`[python] ${line}\n`),
});
const t1 = performance.now();
function put(target, source) {
  pyodide.FS.mkdirTree(path.posix.dirname(target));
  pyodide.FS.writeFile(target, readFileSync(source));
}
for (const rel of input.files) {
  put(`${home}/${rel}`, path.join(input.root, rel));
}
put(`${home}/${input.module}.py`, input.module_file);
pyodide.runPython("import importlib; importlib.invalidate_caches()");
const t2 = performance.now();
const result = pyodide.pyimport(input.module).run_json(JSON.stringify(input.plan));
const t3 = performance.now();
writeFileSync(input.out, JSON.stringify({
  version: pyodide.version,
  timings: { loadPyodideMs: t1 - t0, sourcesMs: t2 - t1, runMs: t3 - t2 },
  result: JSON.parse(result),
}));
