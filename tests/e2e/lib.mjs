// Shared pieces of the end-to-end tests: a `carroccio serve` child on a free port with a fresh
// database, Debian's chromium through playwright-core (from web/node_modules), and one-sentence
// failures. Used by play.mjs and referee.mjs.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM = process.env.CARROCCIO_CHROMIUM || '/usr/bin/chromium';
export const SMALL = { width: 1366, height: 768 };
export const LARGE = { width: 1920, height: 1080 };

/** A failure the test explains in one sentence (no stack trace). */
export class Failure extends Error {}
export const fail = (msg) => {
  throw new Failure(msg);
};
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const started = Date.now();
export const log = (name, msg) => process.stdout.write(`[${name} ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}\n`);

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The server, a temporary directory and the browser of one test run; `close()` ends them all. */
export class Harness {
  constructor(name) {
    this.name = name;
    this.server = null;
    this.serverLog = '';
    this.context = null;
    this.tmpDir = null;
    this.base = '';
    for (const sig of ['SIGINT', 'SIGTERM']) {
      process.on(sig, () => {
        this.stopServer();
        process.exit(1);
      });
    }
    process.on('exit', () => this.stopServer());
  }

  /** Checks the binary, the built front end and chromium; starts the server. */
  async start(binaryArg, distArg) {
    if (!binaryArg || !distArg) fail(`usage: node tests/e2e/${this.name}.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH].`);
    const binary = path.resolve(binaryArg);
    const dist = path.resolve(distArg);
    if (!fs.existsSync(binary)) fail(`the carroccio binary ${binary} does not exist.`);
    if (!fs.existsSync(path.join(dist, 'index.html'))) fail(`${dist} holds no index.html: build the front end first (cd web && npm ci && npm run build).`);
    if (!fs.existsSync(CHROMIUM)) fail(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium).`);
    this.tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), `carroccio-${this.name}-`));
    const port = await freePort();
    const db = path.join(this.tmpDir, 'e2e.db');
    this.server = spawn(binary, ['serve', '--port', String(port), '--db', db, '--web', dist], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.server.stdout.on('data', (d) => (this.serverLog += d));
    this.server.stderr.on('data', (d) => (this.serverLog += d));
    let exited = null;
    this.server.on('exit', (code, sig) => (exited = { code, sig }));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (exited) fail(`the server exited at once (code ${exited.code}): ${this.serverLog.trim().split('\n').slice(-3).join(' | ')}`);
      try {
        const res = await fetch(base + '/api/rulesets');
        if (res.ok) {
          const index = await fetch(base + '/');
          if (!index.ok) fail(`the server does not serve the front end at / (HTTP ${index.status}); is --web ${dist} a built web/dist?`);
          this.base = base;
          log(this.name, `server up at ${base}`);
          return base;
        }
      } catch (e) {
        if (e instanceof Failure) throw e;
        // not listening yet
      }
      await sleep(100);
    }
    fail(`the server did not answer on port ${port} within 10 seconds.`);
  }

  async getJson(p) {
    const res = await fetch(this.base + p);
    if (!res.ok) fail(`GET ${p} answered HTTP ${res.status}.`);
    return res.json();
  }

  /** Headless chromium with one page at `viewport`; page errors are collected in `pageErrors`. */
  async browser(viewport = SMALL) {
    let chromium;
    try {
      chromium = createRequire(path.join(ROOT, 'web', 'package.json'))('playwright-core').chromium;
    } catch {
      fail('playwright-core is not installed in web/node_modules: run npm ci in web/.');
    }
    this.context = await chromium.launchPersistentContext(path.join(this.tmpDir, 'chrome-profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = this.context.pages()[0] || (await this.context.newPage());
    this.pageErrors = [];
    page.on('pageerror', (e) => this.pageErrors.push(e.message));
    page.setDefaultTimeout(20_000);
    return page;
  }

  stopServer() {
    const s = this.server;
    if (s && s.exitCode === null && s.signalCode === null) {
      try {
        s.kill('SIGTERM');
      } catch {
        // already gone
      }
    }
  }

  async close() {
    try {
      await this.context?.close();
    } catch {
      // the browser is gone already
    }
    this.stopServer();
    if (this.tmpDir) fs.rmSync(this.tmpDir, { recursive: true, force: true });
  }

  /** Runs `body`, prints one sentence on failure, always cleans up, exits 0 or 1. */
  async main(body) {
    let code = 0;
    try {
      await body();
    } catch (e) {
      code = 1;
      const msg = e instanceof Failure ? e.message : `unexpected error: ${(e && e.message) || e}`;
      process.stderr.write(`${this.name} FAILED: ${msg.split('\n')[0]}\n`);
      if (this.serverLog && !(e instanceof Failure)) process.stderr.write(`server output (last lines):\n${this.serverLog.split('\n').slice(-10).join('\n')}\n`);
    } finally {
      await this.close();
    }
    process.exit(code);
  }
}

/** Saves a screenshot at `viewport` (then restores `back`), creating the directory. */
export async function screenshotAt(page, file, viewport, back) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (viewport) {
    await page.setViewportSize(viewport);
    await sleep(400);
  }
  await page.screenshot({ path: file });
  if (back) {
    await page.setViewportSize(back);
    await sleep(200);
  }
}
