// Entry point: the header and a tiny hash router (see shell/route.ts).

import { Api } from './api';
import { GameScreen } from './shell/game';
import { Lobby } from './shell/lobby';
import { h, replace } from './shell/dom';
import { gameHash, parseRoute } from './shell/route';
import './styles.css';

const api = new Api();
const main = h('main', { class: 'app-main' });
const header = h(
  'header',
  { class: 'app-header' },
  h('a', { class: 'brand', href: '#/', 'data-testid': 'home' }, h('span', { class: 'brand-mark' }, '✠'), ' Carroccio'),
  h('span', { class: 'tagline' }, 'medieval wargames, played and refereed by the book'),
  h('nav', {}, h('a', { href: '#/', 'data-testid': 'nav-lobby' }, 'Lobby')),
);
document.body.append(header, main);

let current: GameScreen | null = null;

function show(): void {
  current?.destroy();
  current = null;
  const r = parseRoute(location.hash);
  document.body.dataset.page = r.page;
  if (r.page === 'game' && r.id) {
    const screen = new GameScreen(api, r.id, r.viewer ?? null, () => (location.hash = '#/'));
    current = screen;
    replace(main, screen.el);
    void screen.start();
    return;
  }
  document.title = 'Carroccio';
  const lobby = new Lobby(api, (id, viewer) => (location.hash = gameHash(id, viewer)));
  replace(main, lobby.element());
  void lobby.load();
}

window.addEventListener('hashchange', show);
show();
