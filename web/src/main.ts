// Entry point: the header and a tiny hash router (see shell/route.ts).

import { Api } from './api';
import { ArmyBuilder } from './army/builder';
import { GameScreen } from './shell/game';
import { Lobby } from './shell/lobby';
import { h, replace } from './shell/dom';
import { RefereePage } from './shell/referee';
import { RulesPage } from './shell/rules';
import { gameHash, parseRoute, refereeHash } from './shell/route';
import { looksLikeToken, SeatBook } from './shell/seats';
import './styles.css';

const seats = new SeatBook();
const api = new Api('', undefined, (id) => (id === null ? seats.allTokens() : seats.tokensFor(id)));
const main = h('main', { class: 'app-main' });
const header = h(
  'header',
  { class: 'app-header' },
  h('a', { class: 'brand', href: '#/', 'data-testid': 'home' }, h('span', { class: 'brand-mark' }, '✠'), ' Carroccio'),
  h('span', { class: 'tagline' }, 'medieval wargames, played and refereed by the book'),
  h(
    'nav',
    {},
    h('a', { href: '#/', 'data-testid': 'nav-lobby' }, 'Lobby'),
    h('a', { href: '#/army', 'data-testid': 'nav-army', title: 'Build an army list and see its points and morale' }, 'Army builder'),
    h('a', { href: '#/rules', 'data-testid': 'nav-rules', title: 'Every ruleset’s clauses in our words, with the rulings we took' }, 'Rules'),
    h('a', { href: '#/referee', 'data-testid': 'nav-referee', title: 'Resolve a table of a referee-only ruleset (All is Lost save Honour)' }, 'Table referee'),
  ),
);
document.body.append(header, main);

let current: GameScreen | RefereePage | ArmyBuilder | RulesPage | null = null;
let refereeTable: string | null = null; // the table the referee page shows (a hash change to it is no reload)

function show(): void {
  const r = parseRoute(location.hash);
  if (r.page === 'game' && r.id && r.seat !== undefined) {
    // A seat link: keep the seat in this browser, and take the token out of the address bar.
    if (looksLikeToken(r.seat) && r.viewer) seats.remember(r.id, { [r.viewer]: r.seat });
    history.replaceState(null, '', gameHash(r.id, r.viewer ?? null));
  }
  if (r.page === 'referee' && current instanceof RefereePage && r.table === refereeTable) return;
  // Another entry of the rules page already shown: scroll to it, no reload.
  if (r.page === 'rules' && current instanceof RulesPage && current.isFor(r.ruleset ?? null)) {
    current.goTo(r.anchor ?? null);
    return;
  }
  current?.destroy();
  current = null;
  document.body.dataset.page = r.page;
  for (const a of header.querySelectorAll('nav a')) a.classList.toggle('here', a.getAttribute('data-testid') === `nav-${r.page}`);
  if (r.page === 'referee') {
    refereeTable = r.table ?? null;
    const page = new RefereePage(api, refereeTable, (name) => {
      refereeTable = name;
      location.hash = refereeHash(name);
    });
    current = page;
    replace(main, page.el);
    void page.load();
    return;
  }
  if (r.page === 'rules') {
    const page = new RulesPage(api, r.ruleset ?? null);
    current = page;
    replace(main, page.el);
    void page.load(r.anchor ?? null);
    return;
  }
  if (r.page === 'army') {
    const builder = new ArmyBuilder();
    current = builder;
    replace(main, builder.el);
    return;
  }
  if (r.page === 'game' && r.id) {
    const screen = new GameScreen(api, r.id, r.viewer ?? null, () => (location.hash = '#/'), seats);
    current = screen;
    replace(main, screen.el);
    void screen.start();
    return;
  }
  document.title = 'Carroccio';
  const lobby = new Lobby(api, (id, viewer) => (location.hash = gameHash(id, viewer)), seats);
  replace(main, lobby.element());
  void lobby.load();
}

window.addEventListener('hashchange', show);
show();
