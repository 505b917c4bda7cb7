#!/usr/bin/env node
// End-to-end test of the table referee page, driving Debian's chromium with playwright-core.
//
//   node tests/e2e/referee.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH]
//
// Starts `carroccio serve`, then through the UI only: opens the referee from the lobby, picks
// the Cavalry Charge Table, fills in the form, enters a physical die of 1 (a guessed cell) and
// checks the result, the modifiers with their sources, the odds bar chart summing to one and
// the prominent warning; lets the server roll and checks the seed shown; picks the Assault Table
// and checks it says plainly it cannot resolve, then pastes a user grid and resolves it. Saves
// screenshots at 1366x768 and 1920x1080 (default build/e2e/referee.png and referee-large.png).
// Exits 0 on success; on failure prints one sentence and exits 1.

import fs from 'node:fs';
import path from 'node:path';
import { fail, Harness, LARGE, log as say, ROOT, screenshotAt, SMALL, sleep, UPRIGHT } from './lib.mjs';

const [binaryArg, distArg, shotArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const harness = new Harness('e2e_referee');
const log = (msg) => say('referee', msg);

async function text(page, selector) {
  return ((await page.textContent(selector)) || '').replace(/\s+/g, ' ').trim();
}

/** Waits until the result panel shows a settled answer to the latest request. */
async function settled(page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="referee-result"]')?.classList.contains('stale'));
}

async function run() {
  const shot = path.resolve(shotArg || path.join(ROOT, 'build', 'e2e', 'referee.png'));
  const base = await harness.start(binaryArg, distArg);
  const page = await harness.browser(SMALL);

  // From the lobby to the referee.
  await page.goto(base + '/');
  await page.waitForSelector('[data-testid="open-referee-alsh"]');
  await page.click('[data-testid="open-referee-alsh"]');
  await page.waitForSelector('[data-testid="referee-table"]');

  // Cavalry Charge Table, a physical die of 1: row 1's Capitano mark is a guessed reading.
  await page.selectOption('[data-testid="referee-table"]', 'charge');
  await page.waitForSelector('[data-testid="field-sp"]');
  if (!/#\/referee\/charge$/.test(page.url())) fail(`choosing a table did not change the address (${page.url()}).`);
  await page.fill('[data-testid="field-sp"]', '3');
  await page.fill('[data-testid="referee-die"]', '1');
  await page.click('[data-testid="referee-use-die"]');
  await page.waitForSelector('[data-testid="referee-outcome-text"]');
  await settled(page);
  const outcome = await text(page, '[data-testid="referee-outcome-text"]');
  const warning = await text(page, '[data-testid="referee-warnings"]').catch(() => '');
  if (!/guessed/i.test(warning)) fail(`a result on a guessed cell shows no warning (outcome ${outcome}; warning box: "${warning}").`);
  const bars = await page.$$('[data-testid="referee-odds"] [data-testid="odds-row"]');
  if (bars.length < 2) fail(`the odds chart shows ${bars.length} outcomes.`);
  const chart = await text(page, '[data-testid="referee-odds"]');
  const percents = [...chart.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => Number(m[1]));
  const sum = percents.reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 100) > 0.5) fail(`the odds chart's percentages add up to ${sum}, not 100 (${chart}).`);
  if (!(await page.$('[data-testid="odds-row"].current'))) fail('the odds chart does not mark the outcome rolled.');
  log(`charge, die 1: ${outcome}; warning "${warning.slice(0, 90)}"; ${bars.length} outcomes in the chart`);
  // The whole chart in view, with no scrolling, at 1366x768 and upright on a tablet (issue 20),
  // with room to spare below its last row (MARGIN px: a longer outcome or one more warning line
  // must not push it out). A row is laid out by its cells (the row itself is display: contents
  // and has no box of its own), inside the window and the result panel's visible box.
  const MARGIN = 64;
  for (const vp of [SMALL, UPRIGHT]) {
    await page.setViewportSize(vp);
    await sleep(400);
    const out = await page.evaluate(() => {
      const panel = document.querySelector('.referee-right')?.getBoundingClientRect();
      const bottom = Math.min(window.innerHeight, panel ? panel.bottom : Infinity);
      const rows = [...document.querySelectorAll('[data-testid="referee-odds"] [data-testid="odds-row"]')].map((r) => {
        const boxes = [...r.children].map((c) => c.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
        return {
          text: (r.textContent || '').trim(),
          top: Math.min(...boxes.map((b) => b.top)),
          bottom: Math.max(...boxes.map((b) => b.bottom)),
          right: Math.max(...boxes.map((b) => b.right)),
          cells: boxes.length,
        };
      });
      const hidden = rows.filter((b) => b.cells === 0 || b.top < 0 || b.bottom > bottom + 1 || b.right > window.innerWidth + 1);
      const last = rows.length ? Math.max(...rows.map((b) => b.bottom)) : 0;
      return { n: rows.length, hidden: hidden.map((r) => r.text), spare: Math.round(window.innerHeight - last), scrolled: window.scrollY + (document.scrollingElement?.scrollTop ?? 0) };
    });
    if (out.scrolled > 1) fail(`at ${vp.width}x${vp.height} the referee page opened scrolled down by ${out.scrolled} px.`);
    if (out.hidden.length) fail(`at ${vp.width}x${vp.height} ${out.hidden.length} of the ${out.n} odds rows of the charge are out of the window, e.g. "${out.hidden[0]}".`);
    if (out.spare < MARGIN) fail(`at ${vp.width}x${vp.height} the charge's odds chart ends ${out.spare} px above the window's bottom edge: less than the ${MARGIN} px to spare it needs.`);
    log(`charge odds at ${vp.width}x${vp.height}: all ${out.n} rows in the window, ${out.spare} px to spare below the last`);
    await screenshotAt(page, shot.replace(/(\.png)?$/, `-odds-${vp.width}x${vp.height}.png`));
  }
  await page.setViewportSize(SMALL);
  await sleep(300);

  // Artillery in a siege in the rain with a server roll: modifiers with their sources, the seed.
  await page.selectOption('[data-testid="referee-table"]', 'artillery');
  await page.waitForSelector('[data-testid="field-combat"]');
  await page.fill('[data-testid="field-column"]', '5');
  await page.selectOption('[data-testid="field-combat"]', 'siege');
  await page.check('[data-testid="field-siege-artillery"]');
  await page.selectOption('[data-testid="field-weather"]', 'rain');
  await page.click('[data-testid="referee-roll"]');
  await page.waitForSelector('[data-testid="referee-seed"]');
  await settled(page);
  const seed = await text(page, '[data-testid="referee-seed"]');
  if (!/seed \d+/.test(seed)) fail(`the server's roll shows no seed ("${seed}").`);
  const mods = await text(page, '[data-testid="referee-modifiers"]');
  if (!/Artillery Fire Table/.test(mods)) fail(`the modifiers do not name their source ("${mods.slice(0, 120)}").`);
  log(`artillery rolled by the server: ${await text(page, '[data-testid="referee-outcome-text"]')} (${seed.trim()})`);
  await screenshotAt(page, shot);
  await screenshotAt(page, shot.replace(/(\.png)?$/, '-large.png'), LARGE, SMALL);
  if (!(await page.$('[data-testid="referee-seed"]'))) fail('the rolled result gave way to the odds without a new request.');

  // The Assault Table: no grid, no result; a user grid, a result.
  await page.selectOption('[data-testid="referee-table"]', 'assault');
  await page.waitForSelector('[data-testid="referee-grid"]');
  await page.fill('[data-testid="field-attacker-quality"]', '2');
  await page.fill('[data-testid="field-defender-quality"]', '2');
  await page.fill('[data-testid="field-attacker-sp"]', '5');
  await page.fill('[data-testid="field-defender-sp"]', '5');
  await page.waitForFunction(() => /Cannot resolve/.test(document.querySelector('[data-testid="referee-warnings"]')?.textContent || ''));
  const cannot = await text(page, '[data-testid="referee-warnings"]');
  log(`assault without a grid: "${cannot.slice(0, 100)}"`);
  const grid = fs.readFileSync(path.join(ROOT, 'rulesets', 'alsh', 'tests', 'data', 'assault_synthetic.json'), 'utf8');
  await page.fill('[data-testid="referee-grid"]', grid);
  await page.fill('[data-testid="referee-die"]', '4');
  await page.click('[data-testid="referee-use-die"]');
  await page.waitForSelector('[data-testid="referee-outcome-text"]');
  await settled(page);
  const assault = await text(page, '[data-testid="referee-outcome-text"]');
  if (/Cannot resolve/.test(await text(page, '[data-testid="referee-result"]'))) fail('the assault is not resolved with a user grid.');
  await screenshotAt(page, shot.replace(/(\.png)?$/, '-assault.png'));
  log(`assault with the user grid, die 4: ${assault}`);

  // A refusal is one sentence on the page, not a crash.
  await page.fill('[data-testid="referee-die"]', '9');
  await page.click('[data-testid="referee-use-die"]');
  await page.waitForSelector('[data-testid="referee-message"] .error');
  const refusal = await text(page, '[data-testid="referee-message"]');
  if (!/9/.test(refusal)) fail(`an impossible die is refused without a sentence naming it ("${refusal}").`);
  log(`a die of 9: "${refusal}"`);

  if (harness.pageErrors.length) fail(`the page threw an error: ${harness.pageErrors[0]}`);
  log(`passed; screenshots beside ${shot}`);
}

await harness.main(run);
