// Open the cross-check page in Debian's headless Chromium with playwright-core (no Python needed),
// run the default plan (index.html?run) and print the page's status and a short summary.
// Usage: python tests/wasm_runner.py --serve &   then   node tests/wasm/run_page.mjs [base URL]
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const base = process.argv[2] || "http://127.0.0.1:8765/";
const profile = mkdtempSync(path.join(os.tmpdir(), "wasm-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failed = false;
try {
  const page = await context.newPage();
  page.on("console", (message) => console.error(`console ${message.type()}: ${message.text()}`));
  await page.goto(new URL("index.html?run", base).href);
  await page.waitForFunction(() => document.getElementById("status").dataset.state !== "loading",
    null, { timeout: 60000 });
  await page.waitForFunction(() => document.getElementById("status").dataset.state === "error"
    || document.getElementById("output").textContent !== "", null, { timeout: 60000 });
  const status = await page.textContent("#status");
  const output = await page.textContent("#output");
  console.log(status);
  try {
    const answer = JSON.parse(output);
    console.log(`Python ${answer.runtime.version.split(" ")[0]} (${answer.runtime.platform}): ` +
      `${answer.results.length} games in ${answer.seconds} s`);
  } catch {
    console.log(output);
    failed = true;
  }
  failed ||= (await page.getAttribute("#status", "data-state")) !== "ready";
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
