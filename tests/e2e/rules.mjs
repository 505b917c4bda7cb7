#!/usr/bin/env node
// End-to-end test of rules one click away, no hidden rolls and the replay's jumps (issue 20
// points 6, 4 and 8), driving Debian's chromium at 1366x768.
//
//   node tests/e2e/rules.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH]
//
// 1. A bma/legnano game against the random agent: the event log's first rule citation is a link;
//    clicking it opens the rules reference beside the game, scrolled to that clause and marked,
//    with the ruleset's legend (AR explained) on the page (rules.png).
// 2. A bma/legnano game both sides of which this browser holds: the sides are brought together by
//    decisions sent through the API (always the move that ends nearest the enemy) until picking a
//    unit would roll its morale check to leave an enemy zone. On the board that unit's button is
//    marked as rolling; clicking the unit on the map takes nothing yet but says that it rolls and
//    shows the odds of the check, whole in the panel at 1366x768; "Roll it" then rolls (rolls.png).
// 3. A bma/legnano game of two random agents, played to its end by the server: at the end the
//    replay's turn and phase lists show the last turn and phase (at once, and once the timeline is
//    read, and one decision back); the replay jumps to turn 3 (the label and the board say turn 3), then to a phase of it, and the speed can be
//    chosen (replay.png).
// Screenshots go beside SCREENSHOT_PATH (default build/e2e/rules.png). Exits 0 on success; on
// failure prints one sentence and exits 1.

import path from 'node:path';
import { checkOddsWhole, checkOddsWholeAt, checkReplayListsAtEnd, fail, Harness, lobbyCreate, log as say, ROOT, screenshotAt, SMALL, sleep, UPRIGHT } from './lib.mjs';

const [binaryArg, distArg, shotArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const log = (msg) => say('e2e_rules', msg);
const harness = new Harness('e2e_rules');
const MAX_API_DECISIONS = 4000; // decisions sent before a unit stands in an enemy zone

async function api(method, p, body, tokens = []) {
  const headers = { 'Content-Type': 'application/json' };
  if (tokens.length) headers['Seat-Token'] = tokens.join(',');
  const res = await fetch(harness.base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (!res.ok) fail(`${method} ${p} answered HTTP ${res.status}: ${data?.error ?? text.slice(0, 120)}`);
  return data;
}

// bma hexes are "CCRR" on a flat-topped grid whose even columns are shifted: hex distance.
function hexDistance(a, b) {
  const cube = (label) => {
    const col = Number(label.slice(0, 2));
    const row = Number(label.slice(2));
    const x = col;
    const z = row - (col + (col & 1)) / 2;
    return [x, z, -x - z];
  };
  const p = cube(a);
  const q = cube(b);
  return Math.max(Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]), Math.abs(p[2] - q[2]));
}

/** Part 1: a citation in the log opens its entry of the rules reference. */
async function citationOpensItsEntry(page, dir) {
  const id = await lobbyCreate(page, harness.base, 'bma', 'legnano', { imperial: 'human', lombard: 'random' }, 3);
  log(`bma game ${id} created`);
  let link;
  try {
    link = await page.waitForSelector('[data-testid="event-log"] a.cite', { timeout: 30_000 });
  } catch {
    fail('no rule citation in the event log became a link to the rules reference within 30 s.');
  }
  const cited = ((await link.textContent()) || '').trim();
  const href = (await link.getAttribute('href')) || '';
  const anchor = decodeURIComponent(href.split('/').pop() || '');
  if (!/^#\/rules\/bma\/c-/.test(href)) fail(`the citation "${cited}" links to "${href}", not to a bma clause of the rules reference.`);
  const tip = (await link.getAttribute('title')) || '';
  if (tip.length < 10) fail(`the citation "${cited}" has no tooltip with its clause ("${tip}").`);
  log(`the log cites "${cited}", linked to ${href}`);
  const [rules] = await Promise.all([harness.context.waitForEvent('page'), link.click()]);
  rules.on('pageerror', (e) => harness.pageErrors.push(e.message));
  await rules.setViewportSize(SMALL);
  const entry = `[data-testid="rule-${anchor}"]`;
  try {
    await rules.waitForSelector(`${entry}.target`, { timeout: 20_000 });
  } catch {
    fail(`the rules reference opened from "${cited}" did not mark the entry ${anchor}.`);
  }
  await sleep(300);
  const seen = await rules.$eval(entry, (e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
  if (!seen) fail(`the entry ${anchor} is not scrolled into view on the rules reference.`);
  const text = (await rules.textContent(entry)) || '';
  log(`the rules reference shows ${anchor}: "${text.trim().slice(0, 90)}…"`);
  const legend = (await rules.textContent('[data-testid="rules-legend"]')) || '';
  if (!/AR/.test(legend) || !/routed/i.test(legend)) fail('the rules reference shows no legend explaining AR.');
  await screenshotAt(rules, path.join(dir, 'rules.png'));
  await rules.close();
  // The same page from the header: every ruleset has its reference.
  await page.goto(`${harness.base}/#/rules/gwkho/c-Pip-1`);
  await page.waitForSelector('[data-testid="rule-c-Pip-1"].target');
}

/** Part 2: a pick that rolls is marked before it is taken, and the board click waits for a yes. */
async function rolledDecisionMarked(page, dir) {
  const created = await api('POST', '/api/games', { ruleset: 'bma', scenario: 'legnano', players: { imperial: 'human', lombard: 'human' }, seed: 11 });
  const id = created.id;
  const tokens = Object.values(created.seats || {});
  let view = null;
  let found = null;
  const game = `/api/games/${encodeURIComponent(id)}`;
  for (let n = 0; n < MAX_API_DECISIONS && !found; n++) {
    view = await api('GET', game, undefined, tokens);
    if (!['chance', 'none'].includes(view.current_player) && view.viewer !== view.current_player)
      view = await api('GET', `${game}?viewer=${encodeURIComponent(view.current_player)}`, undefined, tokens);
    if (view.terminal) fail('the bma game ended before any unit stood in an enemy zone.');
    const legal = view.legal || [];
    if (legal.length === 0) {
      await sleep(20);
      continue;
    }
    found = legal.find((a) => a.kind === 'select-unit' && a.rolls === true) || null;
    if (found) break;
    const me = view.current_player;
    const enemies = (view.state.units || []).filter((u) => u.side !== me && u.hex && u.status !== 'eliminated').map((u) => u.hex);
    const near = (hex) => (hex ? Math.min(...enemies.map((e) => hexDistance(hex, e))) : 99);
    const byKind = (k) => legal.filter((a) => a.kind === k);
    const pick =
      byKind('activate')[0] ||
      byKind('destination').sort((a, b) => near(a.hex) - near(b.hex))[0] ||
      byKind('select-unit').sort((a, b) => {
        const ua = view.state.units.find((u) => u.id === a.unit);
        const ub = view.state.units.find((u) => u.id === b.unit);
        return near(ua?.hex) - near(ub?.hex);
      })[0] ||
      byKind('end-combat')[0] ||
      byKind('end-movement')[0] ||
      byKind('stop')[0] ||
      legal[0];
    await api('POST', `${game}/actions`, { action: pick.id, expect_history: view.history_length }, tokens);
  }
  if (!found) fail(`no unit stood in an enemy zone after ${MAX_API_DECISIONS} decisions.`);
  const side = view.current_player;
  log(`bma game ${id}: ${side} may pick ${found.unit}, which rolls its morale check (decision ${view.history_length})`);
  await page.goto(`${harness.base}/#/game/${encodeURIComponent(id)}?as=${encodeURIComponent(side)}&seat=${created.seats[side]}`);
  await page.waitForSelector(`[data-testid="board"] [data-testid="unit-${found.unit}"]`);
  // The button is marked, and says why.
  const button = `[data-testid="decisions"] [data-testid="action-${found.id}"]`;
  await page.waitForSelector(button, { state: 'attached' });
  const mark = await page.$eval(button, (b) => ({ rolls: b.getAttribute('data-rolls'), title: b.getAttribute('title') || '', die: !!b.querySelector('[data-testid="rolls-mark"]') }));
  if (mark.rolls !== 'true' || !mark.die || !/rolls the dice/.test(mark.title)) fail(`the decision "${found.name}" is not marked as rolling dice (${JSON.stringify(mark)}).`);
  // A click on the unit on the map takes nothing yet: it says the roll is coming, with its odds.
  const before = view.history_length;
  await page.click(`[data-testid="board"] [data-testid="unit-${found.unit}"]`);
  try {
    await page.waitForSelector('[data-testid="roll-confirm"]:not([hidden])', { timeout: 10_000 });
  } catch {
    fail(`clicking ${found.unit} on the map did not say that it rolls its morale check.`);
  }
  await page.waitForSelector('[data-testid="odds-roll"]', { timeout: 20_000 });
  const roll = (await page.textContent('[data-testid="odds-roll"]')) || '';
  if (!/d10/.test(roll) || !/rolls at once/.test(roll)) fail(`the odds panel shows "${roll}" instead of the d10 the check rolls at once.`);
  const results = await page.$$eval('[data-testid="odds"] .odds-table tr', (trs) => trs.map((t) => t.textContent || ''));
  if (!results.some((r) => /passes/.test(r))) fail(`the odds panel lists ${results.join(' | ')} for the check.`);
  try {
    await page.waitForFunction(() => /passes/.test(document.querySelector('[data-testid="roll-confirm-odds"]')?.textContent || ''), null, { timeout: 20_000 });
  } catch {
    fail('the note held over the map does not say what the check risks.');
  }
  const now = (await harness.getJson(`/api/games/${encodeURIComponent(id)}`, tokens)).history_length;
  if (now !== before) fail(`the click on ${found.unit} rolled at once (decision ${before} -> ${now}).`);
  log(`marked before it is taken: ${roll.trim()}; ${results.length} results`);
  // What the check risks, read whole at 1366x768: its note, both results and the modifier.
  const whole = await checkOddsWhole(page, `the odds of the check "${found.name}" at 1366x768`);
  log(`its odds at 1366x768: all ${whole.n} lines (${whole.mods} modifiers) in the panel's ${whole.height} px`);
  await screenshotAt(page, path.join(dir, 'rolls.png'));
  // Upright on a tablet too (issue 20): the held click keeps its odds on the screen.
  await checkOddsWholeAt(page, UPRIGHT, `the odds of the check "${found.name}"`, { shot: path.join(dir, 'rolls-768x1024.png') });
  await page.click('[data-testid="roll-confirm-go"]');
  for (let i = 0; i < 100; i++) {
    if ((await harness.getJson(`/api/games/${encodeURIComponent(id)}`, tokens)).history_length > before) break;
    await sleep(100);
  }
  const after = (await harness.getJson(`/api/games/${encodeURIComponent(id)}`, tokens)).history_length;
  if (after <= before) fail('"Roll it" did not take the decision.');
  // Undo says in words what it cannot take back.
  await page.waitForSelector('[data-testid="event-log"] li.ev[data-kind="morale"]', { timeout: 20_000 });
  log('"Roll it" rolled the check; the log reports it');
}

/** Part 3: the replay jumps to a turn and a phase, at a chosen speed. */
async function replayJumps(page, dir) {
  const id = await lobbyCreate(page, harness.base, 'bma', 'legnano', { imperial: 'random', lombard: 'random' }, 5);
  log(`bma game ${id} between two random agents`);
  try {
    await page.waitForSelector('[data-testid="end-screen"]', { timeout: 300_000 });
  } catch {
    fail('the game between two random agents did not reach its end screen.');
  }
  // The lists show the last turn and phase at the end (at once, and once the timeline is read).
  log(`the replay at the end shows ${await checkReplayListsAtEnd(page, harness, id, 'bma/legnano')}`);
  const dismiss = await page.$('[data-testid="end-close"], .end-layer button.ghost');
  if (dismiss) await dismiss.click().catch(() => {});
  const turns = await page.$$eval('[data-testid="replay-turn"] option', (os) => os.map((o) => ({ value: o.getAttribute('value'), text: o.textContent })));
  const third = turns.find((t) => t.text === '3');
  if (!third) fail(`the replay offers the turns ${turns.map((t) => t.text).join(', ')}, not turn 3.`);
  await page.selectOption('[data-testid="replay-turn"]', third.value);
  await page.waitForFunction(() => /turn 3\b/.test(document.querySelector('[data-testid="replay-label"]')?.textContent || ''), null, { timeout: 20_000 });
  const at = Number(third.value);
  const shown = await harness.getJson(`/api/games/${encodeURIComponent(id)}/at/${at}`);
  if (shown.state.turn !== 3) fail(`the replay's turn 3 starts at decision ${at}, where the game is in turn ${shown.state.turn}.`);
  const label = (await page.textContent('[data-testid="replay-label"]')) || '';
  log(`jumped to turn 3: "${label.trim()}"`);
  // A phase of that turn.
  const phases = await page.$$eval('[data-testid="replay-phase"] option', (os) => os.map((o) => ({ value: o.getAttribute('value'), text: o.textContent })));
  if (phases.length < 2) fail(`turn 3 offers ${phases.length} phase(s) to jump to.`);
  const last = phases[phases.length - 1];
  await page.selectOption('[data-testid="replay-phase"]', last.value);
  await page.waitForFunction((v) => document.querySelector('[data-testid="replay-slider"]')?.value === v, last.value, { timeout: 20_000 });
  log(`jumped to the ${last.text} phase of turn 3 (decision ${last.value})`);
  // The speed control.
  const speeds = await page.$$eval('[data-testid="replay-speed"] option', (os) => os.length);
  if (speeds < 3) fail(`the replay offers ${speeds} speed(s).`);
  await page.selectOption('[data-testid="replay-speed"]', '1000');
  await screenshotAt(page, path.join(dir, 'replay.png'));
}

async function run() {
  const shot = path.resolve(shotArg || process.env.CARROCCIO_E2E_SCREENSHOT || path.join(ROOT, 'build', 'e2e', 'rules.png'));
  const dir = path.dirname(shot);
  await harness.start(binaryArg, distArg);
  const page = await harness.browser(SMALL);
  await citationOpensItsEntry(page, dir);
  await rolledDecisionMarked(page, dir);
  await replayJumps(page, dir);
  if (harness.pageErrors.length) fail(`the page raised ${harness.pageErrors.length} error(s): ${harness.pageErrors[0]}`);
  log('passed: a citation opens its rules entry, a rolling pick is marked and held before it is taken, the replay jumps to a turn and a phase');
}

harness.main(run);
