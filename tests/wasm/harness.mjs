// Browser side of the WebAssembly cross-check (see README.md).
// Boots Pyodide from ./pyodide/, writes our Python sources into its file system,
// then offers window.runCrosscheck(planJson) to tests/test_wasm.py.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const status = document.getElementById("status");
const output = document.getElementById("output");
window.harnessTimings = {};

function setState(state, text) {
  status.textContent = text;
  status.dataset.state = state; // set last: the test waits on this attribute
}

async function fetchOk(url) {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) {
    throw new Error(`could not fetch ${url}: HTTP ${response.status}`);
  }
  return response;
}

async function boot() {
  const t0 = performance.now();
  const pyodide = await loadPyodide({
    indexURL: new URL("./pyodide/", location.href).href,
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.warn(`[python] ${line}`),
  });
  const t1 = performance.now();
  const manifest = await (await fetchOk("manifest.json")).json();
  for (const rel of manifest.files) {
    const bytes = new Uint8Array(await (await fetchOk(`src/${rel}`)).arrayBuffer());
    const target = `${manifest.home}/${rel}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, bytes);
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const runJson = pyodide.pyimport(manifest.module).run_json;
  const t2 = performance.now();
  Object.assign(window.harnessTimings, { loadPyodideMs: t1 - t0, sourcesMs: t2 - t1, files: manifest.files.length });

  window.runCrosscheck = (planJson) => {
    const start = performance.now();
    try {
      const result = runJson(planJson);
      return { ok: true, result, ms: performance.now() - start };
    } catch (error) {
      // A PythonError's message is the whole Python traceback.
      console.error(`[harness] Python failed: ${error.message}`);
      return { ok: false, error: String(error.message || error), ms: performance.now() - start };
    }
  };
  setState("ready", `ready: Pyodide ${pyodide.version}, ${manifest.files.length} files, ` +
    `loadPyodide ${(t1 - t0).toFixed(0)} ms`);

  if (new URLSearchParams(location.search).has("run")) {
    const answer = window.runCrosscheck("{}");
    output.textContent = answer.ok ? JSON.stringify(JSON.parse(answer.result), null, 1) : answer.error;
  }
}

boot().catch((error) => {
  console.error(`[harness] boot failed: ${error && error.stack ? error.stack : error}`);
  setState("error", `boot failed: ${error && error.message ? error.message : error}`);
});
