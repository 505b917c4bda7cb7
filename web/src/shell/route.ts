// The hash routes: #/ is the lobby, #/game/ID?as=SIDE a game seen by SIDE (a seat link adds
// &seat=TOKEN: the browser keeps the seat and drops the token from the address), #/referee/TABLE
// the table referee (#/referee: its first table), #/army the army builder, #/rules/RULESET/ANCHOR
// the rules reference of a ruleset scrolled to one clause or ruling (#/rules: the list).

export interface Route {
  page: 'lobby' | 'game' | 'referee' | 'army' | 'rules';
  id?: string;
  viewer?: string | null;
  seat?: string | null;
  table?: string | null;
  ruleset?: string | null;
  anchor?: string | null;
}

export function parseRoute(hash: string): Route {
  if (/^#\/army\/?$/.test(hash)) return { page: 'army' };
  const rules = /^#\/rules(?:\/([^?/]+))?(?:\/([^?/]+))?\/?$/.exec(hash);
  if (rules)
    return { page: 'rules', ruleset: rules[1] ? decodeURIComponent(rules[1]) : null, anchor: rules[2] ? decodeURIComponent(rules[2]) : null };
  const r = /^#\/referee(?:\/([^?/]*))?\/?$/.exec(hash);
  if (r) return { page: 'referee', table: r[1] ? decodeURIComponent(r[1]) : null };
  const m = /^#\/game\/([^?]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return { page: 'lobby' };
  const params = new URLSearchParams(m[2] ?? '');
  const route: Route = { page: 'game', id: decodeURIComponent(m[1]), viewer: params.get('as') };
  if (params.get('seat')) route.seat = params.get('seat');
  return route;
}

export function gameHash(id: string, viewer: string | null): string {
  return `#/game/${encodeURIComponent(id)}${viewer ? `?as=${encodeURIComponent(viewer)}` : ''}`;
}

export function refereeHash(table: string | null): string {
  return table ? `#/referee/${encodeURIComponent(table)}` : '#/referee';
}
