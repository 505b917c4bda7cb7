// A tiny HTML element builder (no framework).

type Child = Node | string | number | null | undefined | false;
type Props = Record<string, string | number | boolean | null | undefined | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      e.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    } else if (k === 'class') {
      e.className = String(v);
    } else if (k === 'value' && 'value' in e) {
      (e as unknown as { value: string }).value = String(v);
    } else if (k === 'checked' && 'checked' in e) {
      (e as unknown as { checked: boolean }).checked = Boolean(v);
    } else if (v === true) {
      e.setAttribute(k, '');
    } else {
      e.setAttribute(k, String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return e;
}

export function replace(el: Element, ...children: (Child | Child[])[]): void {
  while (el.firstChild) el.removeChild(el.firstChild);
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** "imperial" -> "Imperial"; "vp_lost" -> "Vp lost". */
export function titleCase(s: string): string {
  const t = s.replace(/[_-]/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** A side's name as an owner: "League’s", but "The besiegers’" (a name ending in s). */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`;
}
