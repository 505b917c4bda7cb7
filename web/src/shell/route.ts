// The hash routes: #/ is the lobby, #/game/ID?as=SIDE a game seen by SIDE.

export interface Route {
  page: 'lobby' | 'game';
  id?: string;
  viewer?: string | null;
}

export function parseRoute(hash: string): Route {
  const m = /^#\/game\/([^?]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return { page: 'lobby' };
  const params = new URLSearchParams(m[2] ?? '');
  return { page: 'game', id: decodeURIComponent(m[1]), viewer: params.get('as') };
}

export function gameHash(id: string, viewer: string | null): string {
  return `#/game/${encodeURIComponent(id)}${viewer ? `?as=${encodeURIComponent(viewer)}` : ''}`;
}
