#!/usr/bin/env node
// End-to-end test of the computer's turn, shown (issue 20, point 5), driving Debian's chromium.
//
//   node tests/e2e/aiturn.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH]
//
// Through the UI only, at 1366x768: an ohw/s1 game (blue: a person, red: the random agent) and a
// bma/legnano game (the Imperial army a person, the Lombard League the random agent). In each the
// person takes the decisions that end its part of the turn until the agent has played; then the
// board must draw one trail for every piece the agent's turn moved (counted from the server's
// positions before and after: GET .../at/N), a result tag for every piece whose state a hit
// changed, an arrow from attacker to target for every attack or shot the turn's events name
// (their data.attackers and data.targets; at least one in the fastplay game, whose agent plays until
// it hits), and the panel a one-line summary of the turn, which says "While you waited" beside the
// board at 1366x768 and 1920x1080 with no message over the board. In the ohw game the turn is then watched
// step by step: the page shows an earlier position and says which decision it is at, and comes
// back to the live position with the trails at the end. A bma game between two agents watched to
// its end is summarised per side; an ohw one opened (and reloaded) only after its end too. Saves
// aiturn-ohw.png, aiturn-watch.png, aiturn-bma.png, aiturn-agents.png and aiturn-agents-ended.png
// beside SCREENSHOT_PATH (default build/e2e/aiturn.png).
// Exits 0 on success; on failure prints one sentence and exits 1.

import fs from 'node:fs';
import path from 'node:path';
import { clickDecision, decisionButtons, fail, Harness, isForward, LARGE, lobbyCreate, log as say, ROOT, screenshotAt, seatTokens, SMALL, sleep } from './lib.mjs';

const [binaryArg, distArg, shotArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const MAX_CLICKS = 400; // decisions the person may take before the agent has played a turn
const MAX_POLLS = 3000;
const MAX_TURNS = 10; // turns of the agent played before one hits a unit // bounds instead of a clock: the machine may be slow
const log = (msg) => say('e2e_aiturn', msg);
const harness = new Harness('e2e_aiturn');

/** The agent's turn shown with a trail, after the one that began at decision `after` (if any). */
async function shownAfter(page, after) {
  if (!(await page.isVisible('[data-testid="turn-summary"]'))) return false;
  const from = Number(await page.getAttribute('[data-testid="turn-summary"]', 'data-from'));
  return from > after && (await page.$$('[data-testid="turn-trail"], [data-testid="turn-result"]')).length > 0;
}

/** Plays the person's decisions (`prefer` picks one) until an agent's turn after `after` is shown. */
async function untilTheirTurnShown(page, prefer, after = -1) {
  for (let clicks = 0; clicks < MAX_CLICKS; clicks++) {
    if (await shownAfter(page, after)) return;
    let buttons = [];
    for (let i = 0; i < MAX_POLLS && buttons.length === 0; i++) {
      if (i > 0 && (await shownAfter(page, after))) return;
      buttons = await decisionButtons(page);
      if (buttons.length === 0) await sleep(50);
    }
    if (buttons.length === 0) fail('no decision was offered to the person and no turn of the agent was shown.');
    await clickDecision(page, prefer(buttons));
    await sleep(100);
  }
  fail(`the agent's turn was not shown with a trail after ${MAX_CLICKS} decisions of the person.`);
}

/** The pieces that moved and the pieces hit between two states, as the server has them. */
function expected(before, after) {
  const moved = [];
  const hit = [];
  const was = new Map((before.units ?? []).map((u) => [u.id, u]));
  for (const u of after.units ?? []) {
    const b = was.get(u.id);
    if (!b) continue;
    if ('hex' in u) {
      // A hex board: a unit that changed hex (and was not eliminated); a change of status.
      if (b.hex && u.hex && b.hex !== u.hex && u.status !== 'eliminated') moved.push(u.id);
      if (u.status !== b.status) hit.push(u.id);
    } else {
      const on = (x) => x.on_table !== false && x.removed !== true;
      if (on(b) && on(u) && (Math.hypot(u.x - b.x, u.y - b.y) > 5 || Math.abs((u.heading_arcsec ?? 0) - (b.heading_arcsec ?? 0)) > 1800)) moved.push(u.id);
      const alive = (x) => (x.stands ?? []).filter((s) => s.alive !== false).length;
      if (on(b) !== on(u) || (on(u) && (u.hits ?? 0) !== (b.hits ?? 0)) || (on(u) && alive(u) < alive(b))) hit.push(u.id);
    }
  }
  if ((before.leaders ?? []).length) {
    const led = new Map(before.leaders.map((l) => [l.id, l]));
    for (const l of after.leaders ?? []) {
      const b = led.get(l.id);
      if (b && b.hex && l.hex && b.hex !== l.hex && !l.fallen) moved.push(l.id);
      if (b && l.fallen && !b.fallen) hit.push(l.id);
    }
  }
  return { moved, hit };
}

/**
 * "While you waited" (issue 20) is said beside the board, never over it: no message shows over
 * the board pane, and the turn's summary in the side panel says it, whole in the window.
 */
async function checkWaitedBeside(page, what, viewport) {
  await page.setViewportSize(viewport);
  await sleep(400);
  const r = await page.evaluate(() => {
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const board = document.querySelector('.map-frame').getBoundingClientRect();
    const over = [...document.querySelectorAll('[data-testid="toast"].on, .toast.on')].filter((t) => meet(t.getBoundingClientRect(), board)).map((t) => t.textContent);
    const sum = document.querySelector('[data-testid="turn-summary"]');
    const s = sum.getBoundingClientRect();
    return { over, text: sum.textContent || '', whole: s.top >= 0 && s.bottom <= window.innerHeight && s.height > 0, onBoard: meet(s, board) };
  });
  if (r.over.length) fail(`${what}: a message shows over the board: "${r.over[0]}".`);
  if (!/While you waited/.test(r.text)) fail(`${what}: the turn's summary does not say what happened while the person waited: "${r.text.slice(0, 80)}".`);
  if (!r.whole || r.onBoard) fail(`${what}: the turn's summary is not whole in the window beside the board.`);
  log(`${what}: "While you waited" is said in the side panel, nothing over the board`);
}

async function checkShown(page, id, side, tokens, what) {
  const from = Number(await page.getAttribute('[data-testid="turn-summary"]', 'data-from'));
  const to = Number(await page.getAttribute('[data-testid="turn-summary"]', 'data-to'));
  const q = `?viewer=${encodeURIComponent(side)}`;
  const before = (await harness.getJson(`/api/games/${encodeURIComponent(id)}/at/${from}${q}`, tokens)).state;
  const after = (await harness.getJson(`/api/games/${encodeURIComponent(id)}/at/${to}${q}`, tokens)).state;
  const want = expected(before, after);
  const trails = await page.$$eval('[data-testid="turn-trail"]', (ls) => ls.map((l) => l.getAttribute('data-unit')));
  const tags = await page.$$eval('[data-testid="turn-result"]', (gs) => gs.map((g) => g.getAttribute('data-unit')));
  const summary = ((await page.textContent('[data-testid="turn-summary"]')) || '').replace(/\s+/g, ' ').trim();
  log(`${what}: the agent's turn is decisions ${from}..${to}: ${want.moved.length} pieces moved, ${want.hit.length} hit; the board draws ${trails.length} trails and ${tags.length} result tags; "${summary.slice(0, 120)}"`);
  if (trails.sort().join(',') !== want.moved.sort().join(','))
    fail(`after the ${what} agent's turn the board draws trails for ${trails.join(', ') || 'nothing'} but ${want.moved.join(', ') || 'nothing'} moved.`);
  if (tags.sort().join(',') !== want.hit.sort().join(','))
    fail(`after the ${what} agent's turn the board tags ${tags.join(', ') || 'nothing'} but ${want.hit.join(', ') || 'nothing'} was hit.`);
  if (!/’s? turn:/.test(summary)) fail(`the ${what} turn summary reads "${summary}".`);
  // The table board's own texts (a trail's, a result tag's and an arrow's hover text, a unit's
  // hover text and the number under its type) name units by their names, never their ids.
  if ((after.units ?? []).some((u) => 'x' in u)) {
    const texts = await page.$$eval('[data-testid="board"] :is([data-testid="turn-trail"], [data-testid="turn-result"], [data-testid="turn-attack"], g.tunit) > title, [data-testid="board"] .tunit-hits', (ts) => ts.map((t) => t.textContent || ''));
    const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const u of after.units) {
      const re = new RegExp(`(^|[^\\w.-])${esc(u.id)}($|[^\\w.-])`);
      const bad = texts.find((t) => re.test(t));
      if (bad !== undefined) fail(`the ${what} board writes the unit id ${u.id} in "${bad}" instead of its name.`);
    }
    log(`${what}: ${texts.length} board texts name units by their names, none by id`);
  }
  // Each attack or shot of the turn: an arrow from the piece that made it to its target, as the
  // events name them (data.attackers, data.targets: core/event_pieces.hpp).
  const want2 = await expectedAttacks(id, from, to, before, after);
  const arrows = await page.$$eval('[data-testid="turn-attack"]', (ls) => ls.map((l) => `${l.getAttribute('data-from')}>${l.getAttribute('data-to')}`));
  log(`${what}: ${want2.length} attacks or shots named by the events; the board draws ${arrows.length} arrows${arrows.length ? ` (${arrows.slice(0, 4).join(', ')})` : ''}`);
  if (arrows.sort().join(',') !== want2.sort().join(','))
    fail(`after the ${what} agent's turn the board draws attack arrows ${arrows.join(', ') || 'none'} but the events name ${want2.join(', ') || 'none'}.`);
  arrowsSeen += arrows.length;
  return { from, to };
}

let arrowsSeen = 0;

/** The attacker>target pairs the events of decisions from..to-1 name, each once, of pieces on the board. */
async function expectedAttacks(id, from, to, before, after) {
  const events = [];
  for (let since = 0, i = 0; i < 1000; i++) {
    const got = await harness.getJson(`/api/games/${encodeURIComponent(id)}/events?since=${since}&limit=1000`);
    events.push(...got.events);
    if (got.events.length === 0 || got.next <= since) break;
    since = got.next;
  }
  const placed = new Set();
  for (const st of [before, after])
    for (const u of st.units ?? []) if (u.hex || (u.hex === undefined && u.on_table !== false && u.removed !== true)) placed.add(u.id);
  const out = new Set();
  for (const e of events) {
    if (e.step < from || e.step >= to) continue;
    const d = e.data ?? {};
    for (const a of Array.isArray(d.attackers) ? d.attackers : [])
      for (const t of Array.isArray(d.targets) ? d.targets : []) if (a !== t && placed.has(a) && placed.has(t)) out.add(`${a}>${t}`);
  }
  return [...out];
}

async function run() {
  const shot = path.resolve(shotArg || process.env.CARROCCIO_E2E_SCREENSHOT || path.join(ROOT, 'build', 'e2e', 'aiturn.png'));
  const dir = path.dirname(shot);
  await harness.start(binaryArg, distArg);
  const page = await harness.browser(SMALL);

  // ohw: a table board. The person ends each of its phases; the agent moves and shoots.
  const id = await lobbyCreate(page, harness.base, 'ohw', 's1', { blue: 'human', red: 'random' }, 5);
  await page.waitForSelector('[data-testid="board"] g.tunit');
  const tokens = await seatTokens(page, id);
  log(`ohw game ${id} created`);
  await untilTheirTurnShown(page, (bs) => bs.find((b) => isForward(b.kind)) ?? bs[0]);
  const turn = await checkShown(page, id, 'blue', tokens, 'ohw');
  await screenshotAt(page, path.join(dir, 'aiturn-ohw.png'));
  for (const vp of [SMALL, LARGE]) await checkWaitedBeside(page, `ohw at ${vp.width}x${vp.height}`, vp);
  await page.setViewportSize(SMALL);
  await sleep(200);

  // Watched step by step: an earlier position, the decision it is at, then the live one again.
  await page.click('[data-testid="watch-turn"]');
  await page.waitForSelector('[data-testid="turn-summary"].watching');
  let seen = false;
  for (let i = 0; i < MAX_POLLS && (await page.$('[data-testid="turn-summary"].watching')); i++) {
    const msg = (await page.textContent('[data-testid="watch-step"]').catch(() => '')) || '';
    const m = /Decision (\d+) of (\d+)/.exec(msg);
    if (m && Number(m[1]) < turn.to && (await page.$$('[data-testid="turn-trail"], [data-testid="turn-result"]')).length > 0 && !seen) {
      seen = true;
      log(`watching: ${msg.replace(/\s+/g, ' ').trim().slice(0, 140)}`);
      await screenshotAt(page, path.join(dir, 'aiturn-watch.png'));
    }
    await sleep(100);
  }
  if (!seen) fail('watching the agent\'s turn never showed an earlier decision with its mark on the board.');
  if (await page.$('[data-testid="turn-summary"].watching')) fail('watching the agent\'s turn did not come to its end.');
  await checkShown(page, id, 'blue', tokens, 'ohw after watching');

  // fastplay (a table of stands): the garrison, the agent, shoots at the besiegers, a person,
  // until a turn of the agent costs them stands, tagged where the unit stands.
  const fp = await lobbyCreate(page, harness.base, 'fastplay', 'mill', { attack: 'human', hold: 'random' }, 7);
  await page.waitForSelector('[data-testid="board"] g.tunit');
  const fpTokens = await seatTokens(page, fp);
  log(`fastplay game ${fp} created`);
  let last = -1;
  let tagged = 0;
  for (let turns = 0; turns < MAX_TURNS && tagged === 0; turns++) {
    await untilTheirTurnShown(page, (bs) => bs.find((b) => isForward(b.kind)) ?? bs[0], last);
    last = (await checkShown(page, fp, 'attack', fpTokens, `fastplay turn ${turns + 1}`)).from;
    tagged = (await page.$$('[data-testid="turn-result"]')).length;
  }
  if (tagged === 0) fail(`no turn of the agent hit a unit in ${MAX_TURNS} turns: no result tag could be checked.`);
  if (arrowsSeen === 0) fail('the agent hit a unit, but the board drew no arrow from an attacker to its target.');
  await screenshotAt(page, path.join(dir, 'aiturn-hit.png'));

  // bma: a hex board. The person's first decisions are its own; the agent's activations follow.
  const bma = await lobbyCreate(page, harness.base, 'bma', 'legnano', { imperial: 'human', lombard: 'random' }, 11);
  await page.waitForSelector('[data-testid="board"] g.counter');
  const bmaTokens = await seatTokens(page, bma);
  log(`bma game ${bma} created`);
  await untilTheirTurnShown(page, (bs) => bs.find((b) => isForward(b.kind)) ?? bs[0]);
  await checkShown(page, bma, 'imperial', bmaTokens, 'bma');
  await screenshotAt(page, path.join(dir, 'aiturn-bma.png'));

  // A game between two agents, watched to its end: the summary names each side and says what
  // each did in words (never "the other side's turn: N moves").
  const ai = await lobbyCreate(page, harness.base, 'bma', 'legnano', { imperial: 'random', lombard: 'random' }, 5);
  log(`bma game ${ai} between two agents created`);
  let sum = '';
  for (let i = 0; i < MAX_POLLS; i++) {
    if (await page.isVisible('[data-testid="turn-summary"]')) {
      sum = ((await page.textContent('[data-testid="turn-summary"] > div')) || '').replace(/\s+/g, ' ').trim();
      if (sum && !/…/.test(sum)) break;
    }
    await sleep(100);
  }
  log(`the game between two agents, at its end: "${sum}"`);
  if (!sum) fail('a game between two agents ended with no summary of what was watched.');
  if (/other side/i.test(sum)) fail(`the summary of a game between two agents says "${sum}".`);
  if (!/Imperial army: [^;]*\b\d+ moves?/.test(sum) || !/Lombard League: [^;]*\b\d+ moves?/.test(sum)) fail(`the summary of a game between two agents does not count each side's moves apart: "${sum}".`);
  await screenshotAt(page, path.join(dir, 'aiturn-agents.png'));

  // A game between two agents seen only after its end (opened, or reloaded, once it is over):
  // the page summarises the whole game per side all the same.
  const ended = await lobbyCreate(page, harness.base, 'ohw', 's1', { blue: 'random', red: 'random' }, 3);
  log(`ohw game ${ended} between two agents created`);
  let over = false;
  for (let i = 0; i < MAX_POLLS && !over; i++) {
    over = !!(await harness.getJson(`/api/games/${encodeURIComponent(ended)}`)).terminal;
    if (!over) await sleep(100);
  }
  if (!over) fail('the ohw game between two agents did not end.');
  const names = JSON.parse(fs.readFileSync(path.join(ROOT, 'scenarios', 'ohw', 's1.json'), 'utf8')).sides.map((x) => x.name);
  const shots = (await harness.getJson(`/api/games/${encodeURIComponent(ended)}/events?since=0&limit=10000`)).events.filter((e) => e.kind === 'shoot').length;
  for (const how of ['reloaded', 'opened']) {
    if (how === 'reloaded') await page.reload();
    else {
      await page.goto(harness.base + '/');
      await page.waitForSelector('[data-testid="create-game"]');
      await page.goto(`${harness.base}/#/game/${encodeURIComponent(ended)}`);
    }
    await page.waitForSelector('[data-testid="board"]');
    let line = '';
    for (let i = 0; i < MAX_POLLS; i++) {
      if (await page.isVisible('[data-testid="turn-summary"]')) {
        line = ((await page.textContent('[data-testid="turn-summary"] > div')) || '').replace(/\s+/g, ' ').trim();
        if (line && !/…/.test(line)) break;
      }
      await sleep(100);
    }
    log(`the ended ohw game between two agents, ${how} at its end: "${line}"`);
    if (!line || /…/.test(line)) fail(`an ohw game between two agents ${how} after its end shows no summary ("${line}").`);
    if (!/^Turns? \d/.test(line)) fail(`the summary of the ended ohw game does not say which turns it covers: "${line}".`);
    const counted = (line.match(/: \d+ moves?/g) ?? []).length;
    if (counted < 2) fail(`the summary of the ended ohw game does not count each side's moves apart: "${line}".`);
    for (const n of names) if (typeof n === 'string' && !line.includes(n)) fail(`the summary of the ended ohw game does not name ${n}: "${line}".`);
    // A shot's result is emitted by its die (a chance step): it counts for the side that shot.
    if (shots > 0 && !/\d+ shots?/.test(line)) fail(`the ended ohw game had ${shots} shots, but its summary counts none: "${line}".`);
  }
  await screenshotAt(page, path.join(dir, 'aiturn-agents-ended.png'));
  if (harness.pageErrors.length) fail(`the page raised ${harness.pageErrors.length} error(s): ${harness.pageErrors[0]}`);
  log(`passed: the agent's moves are drawn as trails, its attacks as arrows (${arrowsSeen} in all) and its hits tagged after its turn (ohw, fastplay, bma), summarised, and watched step by step`);
}

harness.main(run);
