#!/usr/bin/env node
// End-to-end test of the army builder (#/army), driving Debian's chromium.
//
//   node tests/e2e/army.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH]
//
// Through the UI only: opens the builder from the header, sees the starter list's points, e/e and
// morale thresholds computed by the server; raises a count and sees the points follow; picks a
// grade the points table does not have and sees the refusal naming the field and the rule; puts
// it back, adds a command and troops, and downloads the list, checking the file is an army list
// the server accepts with the points shown. Saves army.png (1366x768) and army-large.png
// (1920x1080) beside SCREENSHOT_PATH (default build/e2e/army.png). Exits 0 on success; on failure
// prints one sentence and exits 1.

import fs from 'node:fs';
import path from 'node:path';
import { fail, Harness, LARGE, log as say, ROOT, screenshotAt, SMALL } from './lib.mjs';

const [binaryArg, distArg, shotArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const log = (msg) => say('e2e_army', msg);
const harness = new Harness('e2e_army');

async function points(page) {
  await page.waitForSelector('[data-testid="army-points"]');
  return Number((await page.textContent('[data-testid="army-points"]')).replace(/[^0-9.]/g, ''));
}

async function waitForPoints(page, expected) {
  await page.waitForFunction((p) => document.querySelector('[data-testid="army-points"]')?.textContent === `${p} points`, expected);
}

async function run() {
  const shot = path.resolve(shotArg || path.join(ROOT, 'build', 'e2e', 'army.png'));
  const dir = path.dirname(shot);
  await harness.start(binaryArg, distArg);
  const page = await harness.browser(SMALL);
  await page.goto(harness.base + '/');
  await page.click('[data-testid="nav-army"]');
  await page.waitForSelector('[data-testid="army-builder"]');
  // The starter list: Hc(o) x12 (11 each), Ph(i) x24 (4), Xb(i) x6 (4), a good and a normal general.
  const start = 12 * 11 + 24 * 4 + 6 * 4 + 20 + 10;
  await waitForPoints(page, start);
  await page.waitForSelector('[data-testid="ledger-army"]');
  log(`starter list: ${await points(page)} points`);
  // More knights: 2 more Hc(o), 22 points more.
  await page.fill('[data-testid="count-0-0"]', '14');
  await waitForPoints(page, start + 22);
  // A grade Hc does not have: the rules refuse, naming the field and the rule.
  await page.selectOption('[data-testid="grade-0-0"]', 'x');
  await page.waitForSelector('[data-testid="army-error"]');
  const error = await page.textContent('[data-testid="army-error"]');
  if (!/commands\[0\]\.elements\[0\]\.grade/.test(error) || !/rule Pts-1/.test(error)) fail(`the refusal does not name the field and the rule: "${error}".`);
  log(`refused: ${error}`);
  await page.selectOption('[data-testid="grade-0-0"]', 'o');
  await waitForPoints(page, start + 22);
  // A third command with its troops.
  await page.click('[data-testid="add-command"]');
  await page.waitForSelector('[data-testid="command-2"]');
  await page.click('[data-testid="add-group-2"]');
  await page.waitForSelector('[data-testid="group-2-1"]');
  await page.selectOption('[data-testid="type-2-1"]', 'Lb');
  await page.selectOption('[data-testid="status-2-1"]', 'stubborn');
  await page.fill('[data-testid="count-2-1"]', '12');
  // HI(o) x4 (6), Lb(o) x12 stubborn (7 + 1), a normal general (10): 60 e/e allow 3 generals.
  const total = start + 22 + 4 * 6 + 12 * 8 + 10;
  await waitForPoints(page, total);
  await screenshotAt(page, shot);
  await screenshotAt(page, path.join(dir, 'army-large.png'), LARGE, SMALL);
  // Download the list and have the server read it again.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="download-army"]')]);
  const file = path.join(harness.tmpDir, 'army.json');
  await download.saveAs(file);
  const list = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (list.ruleset !== 'gwkho' || list.commands.length !== 3) fail(`the downloaded file is not the list built: ${JSON.stringify(list).slice(0, 120)}.`);
  const res = await fetch(harness.base + '/api/rulesets/gwkho/assess/army', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(list) });
  const report = await res.json();
  if (res.status !== 200 || report.points !== total) fail(`the server reads the downloaded list as ${res.status} ${JSON.stringify(report).slice(0, 160)}, not ${total} points.`);
  if (harness.pageErrors.length) fail(`the page raised: ${harness.pageErrors[0]}`);
  log(`downloaded ${download.suggestedFilename()}: ${report.points} points, ${report.ee} e/e`);
}

await harness.main(run);
