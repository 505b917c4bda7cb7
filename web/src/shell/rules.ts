// Rules one click away: the rules reference page (#/rules/RULESET, #/rules/RULESET/ANCHOR), the
// links every rule citation of the log and the odds panel becomes, and the legend of result codes
// and terms as tooltips. Everything comes from GET /api/rulesets/{id}/rules, which the server
// reads from the ruleset's own documents (docs/clauses/<id>.md, docs/rulings/<id>.md): the shell
// knows no ruleset, no clause and no term.

import type { Api, LegendEntry, RulesClause, RulesReference, RulesRuling } from '../api';
import { h, replace } from './dom';

/** The hash of a rules page, or of one entry on it. */
export function rulesHash(ruleset: string, anchor?: string | null): string {
  return `#/rules/${encodeURIComponent(ruleset)}${anchor ? `/${encodeURIComponent(anchor)}` : ''}`;
}

/** A reference made searchable: citation keys to entries, legend terms to their meanings. */
export class RulesIndex {
  private keys = new Map<string, { anchor: string; label: string; text: string }>();
  private clauseIds: string[] = [];
  readonly terms = new Map<string, string>();

  constructor(readonly ref: RulesReference) {
    for (const s of ref.sections)
      for (const c of s.clauses) {
        this.keys.set(c.clause.toLowerCase(), { anchor: c.anchor, label: c.clause, text: c.rule });
        this.clauseIds.push(c.clause);
      }
    for (const r of ref.rulings)
      if (r.id && !this.keys.has(r.id.toLowerCase())) this.keys.set(r.id.toLowerCase(), { anchor: r.anchor, label: r.id, text: r.ruling });
    for (const l of ref.legend) for (const t of splitTerm(l.term)) this.terms.set(t, l.meaning);
  }

  get ruleset(): string {
    return this.ref.ruleset;
  }

  /**
   * The entry a cited clause or ruling names: exactly ("5.1.4", "G-20", "Pip-2", any case), or
   * the nearest clause above it ("3.2 i" when only 3.2 is listed, "5.1.4" -> "5.1"), or the first
   * clause of a family ("S2" -> "S2-…"). Null when nothing matches.
   */
  find(token: string): { anchor: string; label: string; text: string } | null {
    let t = token.trim().replace(/^(notes|note|scenario|rule|clause|ruling)\s+/i, '');
    for (let guard = 0; guard < 6 && t.length > 0; guard++) {
      const hit = this.keys.get(t.toLowerCase());
      if (hit) return hit;
      const family = this.clauseIds.find((id) => id.toLowerCase().startsWith(`${t.toLowerCase()}-`));
      if (family) return this.keys.get(family.toLowerCase()) ?? null;
      const shorter = t.replace(/(\s+\S+|\.[^.\s]+)$/, '');
      if (shorter === t) break;
      t = shorter;
    }
    return null;
  }
}

/** "A, B, C" -> ["A", "B", "C"]: a legend row may explain several terms at once. */
export function splitTerm(term: string): string[] {
  return term
    .split(/,\s*/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

/** A citation ("<ruleset> 4.1, 6.4", "G-20", "<ruleset> F-10") as parts, each with the entry it names. */
export function citationParts(rule: string, index: RulesIndex | null): { text: string; anchor: string | null; title: string }[] {
  if (!index) return [{ text: rule, anchor: null, title: '' }];
  const prefix = new RegExp(`^${index.ruleset.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+`, 'i');
  const lead = prefix.exec(rule)?.[0] ?? '';
  const body = rule.slice(lead.length);
  const out: { text: string; anchor: string | null; title: string }[] = [];
  const pieces = body.split(/(\s*[,;]\s*)/);
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) {
      out.push({ text: piece, anchor: null, title: '' });
      return;
    }
    const hit = piece.trim() ? index.find(piece) : null;
    out.push({ text: (i === 0 ? lead : '') + piece, anchor: hit?.anchor ?? null, title: hit ? `${hit.label}: ${hit.text}` : '' });
  });
  return out;
}

/** citationParts() without the ruleset's own name before the first clause ("4.2" of "<ruleset> 4.2"). */
export function bareCitationParts(rule: string, index: RulesIndex | null): { text: string; anchor: string | null; title: string }[] {
  const parts = citationParts(rule, index);
  if (!index || !parts.length) return parts;
  const lead = new RegExp(`^${index.ruleset.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+`, 'i');
  return [{ ...parts[0], text: parts[0].text.replace(lead, '') }, ...parts.slice(1)];
}

/**
 * The citation as links to its entries on the rules page (opened beside the game). `bare`: the
 * ruleset's own name is left out of the text ("4.2" for "<ruleset> 4.2": the page is that
 * ruleset's game; the hover text keeps the whole citation), for the log's compact entries.
 */
export function citation(rule: string, index: RulesIndex | null, props: Record<string, string> = {}, bare = false): HTMLElement {
  const parts = bare ? bareCitationParts(rule, index) : citationParts(rule, index);
  return h(
    'span',
    { class: 'ev-rule', title: bare ? `${rule} (rule clause)` : 'rule clause', ...props },
    parts.map((p) =>
      p.anchor && index
        ? h('a', { class: 'cite', href: rulesHash(index.ruleset, p.anchor), target: '_blank', rel: 'noopener', title: `${p.title} (opens the rules reference)`, 'data-testid': 'cite' }, p.text)
        : p.text,
    ),
  );
}

/**
 * Text cut where the legend's codes and abbreviations stand: whole-word, case-exact matches of
 * the terms that hold a capital letter and are longer than one character ("AR", "ZOC", "PIP",
 * "Hc"), so that ordinary words stay plain.
 */
export function legendParts(text: string, index: RulesIndex | null): (string | { term: string; meaning: string })[] {
  if (!index || index.terms.size === 0 || !text) return [text];
  const terms = [...index.terms.keys()].filter((t) => t.length > 1 && /[A-Z]/.test(t)).sort((a, b) => b.length - a.length);
  if (terms.length === 0) return [text];
  const alt = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const re = new RegExp(`(^|[^A-Za-z0-9.])(${alt})(?![A-Za-z0-9])`, 'g');
  const out: (string | { term: string; meaning: string })[] = [];
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[1].length;
    if (start > last) out.push(text.slice(last, start));
    out.push({ term: m[2], meaning: index.terms.get(m[2]) ?? '' });
    last = start + m[2].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Text with the legend's codes explained as tooltips (legendParts). */
export function withLegend(text: string, index: RulesIndex | null): (string | HTMLElement)[] {
  return legendParts(text, index).map((p) => (typeof p === 'string' ? p : h('abbr', { class: 'term', title: p.meaning, 'data-testid': 'term' }, p.term)));
}

/** Loads a ruleset's reference once per page (null when the server has none for it). */
export class RulesCache {
  private loads = new Map<string, Promise<RulesIndex | null>>();
  constructor(private api: Api) {}
  get(ruleset: string): Promise<RulesIndex | null> {
    let p = this.loads.get(ruleset);
    if (!p) {
      p = this.api.rules(ruleset).then(
        (ref) => new RulesIndex(ref),
        () => null,
      );
      this.loads.set(ruleset, p);
    }
    return p;
  }
}

/** The rules reference page of one ruleset (or the list of rulesets when none is named). */
export class RulesPage {
  readonly el: HTMLElement;
  private body: HTMLElement;
  private index: RulesIndex | null = null;

  constructor(
    private api: Api,
    private ruleset: string | null,
  ) {
    this.body = h('div', { class: 'rules-body' });
    this.el = h('div', { class: 'rules-page', 'data-testid': 'rules-page' }, this.body);
  }

  async load(anchor: string | null): Promise<void> {
    replace(this.body, h('p', { class: 'muted' }, 'Loading the rules…'));
    let all: { id: string; title: string }[] = [];
    try {
      all = await this.api.rulesets();
    } catch (e) {
      replace(this.body, h('p', { class: 'error' }, (e as Error).message));
      return;
    }
    const nav = h(
      'nav',
      { class: 'rules-nav small' },
      'Rules of: ',
      all.map((r, i) => [i > 0 ? ' · ' : '', h('a', { href: rulesHash(r.id), class: r.id === this.ruleset ? 'here' : '' }, r.title)]).flat(),
    );
    if (!this.ruleset) {
      document.title = 'Carroccio · Rules';
      replace(this.body, h('h2', {}, 'Rules reference'), nav);
      return;
    }
    let ref: RulesReference;
    try {
      ref = await this.api.rules(this.ruleset);
    } catch (e) {
      replace(this.body, nav, h('p', { class: 'error', 'data-testid': 'rules-error' }, (e as Error).message));
      return;
    }
    this.index = new RulesIndex(ref);
    document.title = `Carroccio · Rules · ${ref.title}`;
    const rulings = new Map(ref.rulings.map((r) => [r.anchor, r]));
    replace(
      this.body,
      nav,
      h('h2', {}, `Rules reference: ${ref.title}`),
      h(
        'p',
        { class: 'muted small' },
        'Every clause in our own words (not the rulebook’s), with the ruling we took wherever the text is unclear. ',
        ref.sources.length ? `Read from ${ref.sources.join(' and ')}.` : 'This ruleset has no clause list yet.',
      ),
      ref.legend.length ? this.legend(ref.legend) : null,
      ref.sections.length
        ? h(
            'nav',
            { class: 'rules-toc small' },
            h('strong', {}, 'Contents: '),
            ref.sections.map((s, i) => [i > 0 ? ' · ' : '', h('a', { href: rulesHash(ref.ruleset, s.clauses[0]?.anchor) }, s.title || 'Clauses')]).flat(),
            ref.rulings.length ? [' · ', h('a', { href: rulesHash(ref.ruleset, 'rulings') }, 'All rulings')] : null,
          )
        : null,
      ref.sections.map((s) => h('section', { class: 'rules-section' }, s.title ? h('h3', {}, s.title) : null, s.clauses.map((c) => this.clause(c, rulings)))),
      ref.rulings.length ? h('section', { class: 'rules-section', id: 'rulings' }, h('h3', {}, 'Rulings'), this.rulingList(ref.rulings)) : null,
    );
    this.goTo(anchor);
  }

  /** Scrolls to an entry and marks it (a hash change on the same page calls this alone). */
  goTo(anchor: string | null): void {
    for (const e of this.el.querySelectorAll('.rule-entry.target')) e.classList.remove('target');
    if (!anchor) return;
    const target = this.el.querySelector<HTMLElement>(`[id="${CSS.escape(anchor)}"]`);
    if (!target) return;
    target.classList.add('target');
    target.scrollIntoView({ block: 'center' });
  }

  isFor(ruleset: string | null): boolean {
    return this.ruleset === ruleset;
  }

  destroy(): void {}

  private legend(entries: LegendEntry[]): HTMLElement {
    return h(
      'section',
      { class: 'rules-legend', id: 'legend', 'data-testid': 'rules-legend' },
      h('h3', {}, 'Legend'),
      h(
        'dl',
        {},
        entries.map((l) => [
          h('dt', {}, l.term),
          h('dd', {}, l.meaning, l.clause ? [' ', this.cite(l.clause)] : null),
        ]).flat(),
      ),
    );
  }

  private cite(clause: string): HTMLElement {
    const hit = this.index?.find(clause);
    return hit && this.index ? h('a', { class: 'ev-rule cite', href: rulesHash(this.index.ruleset, hit.anchor) }, clause) : h('span', { class: 'ev-rule' }, clause);
  }

  /** Text with its ruling ids ("L-7") and legend terms made links and tooltips. */
  private rich(text: string): (string | HTMLElement)[] {
    const idx = this.index;
    if (!idx) return [text];
    const ids = idx.ref.rulings.filter((r) => r.id).map((r) => r.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    if (ids.length === 0) return withLegend(text, idx);
    const re = new RegExp(`(^|[^A-Za-z0-9])(${ids.sort((a, b) => b.length - a.length).join('|')})(?![A-Za-z0-9])`, 'g');
    const out: (string | HTMLElement)[] = [];
    let last = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index + m[1].length;
      if (start > last) out.push(...withLegend(text.slice(last, start), idx));
      const hit = idx.find(m[2]);
      out.push(hit ? h('a', { class: 'cite', href: rulesHash(idx.ruleset, hit.anchor), title: hit.text }, m[2]) : m[2]);
      last = start + m[2].length;
    }
    if (last < text.length) out.push(...withLegend(text.slice(last), idx));
    return out;
  }

  private clause(c: RulesClause, rulings: Map<string, RulesRuling>): HTMLElement {
    const on = c.rulings.map((a) => rulings.get(a)).filter((r): r is RulesRuling => !!r);
    return h(
      'article',
      { class: 'rule-entry', id: c.anchor, 'data-testid': `rule-${c.anchor}` },
      h('h4', {}, h('a', { href: rulesHash(this.ruleset ?? '', c.anchor), class: 'rule-id', title: 'Link to this clause' }, c.clause)),
      h('p', {}, this.rich(c.rule)),
      on.length
        ? h(
            'ul',
            { class: 'rule-rulings small' },
            on.map((r) => h('li', {}, h('a', { href: rulesHash(this.ruleset ?? '', r.anchor), class: 'rule-id' }, r.id || r.item || 'ruling'), ' ', r.question ? h('em', {}, `${r.question} `) : null, this.rich(r.ruling))),
          )
        : null,
    );
  }

  private rulingList(list: RulesRuling[]): HTMLElement[] {
    const out: HTMLElement[] = [];
    let section = '';
    for (const r of list) {
      if (r.section !== section) {
        section = r.section;
        out.push(h('h4', { class: 'rules-subhead' }, section));
      }
      out.push(
        h(
          'article',
          { class: 'rule-entry ruling', id: r.anchor, 'data-testid': `rule-${r.anchor}` },
          h(
            'h4',
            {},
            h('a', { href: rulesHash(this.ruleset ?? '', r.anchor), class: 'rule-id' }, r.id || r.item || ''),
            r.clauses.length ? h('span', { class: 'muted small' }, ' on ', r.clauses.map((c, i) => [i > 0 ? ', ' : '', this.cite(c)]).flat()) : null,
          ),
          r.question ? h('p', { class: 'small' }, h('em', {}, r.question)) : null,
          h('p', {}, this.rich(r.ruling)),
          r.reason ? h('p', { class: 'small muted' }, 'Why: ', this.rich(r.reason)) : null,
          r.confidence ? h('p', { class: 'small muted' }, `Confidence: ${r.confidence}`) : null,
        ),
      );
    }
    return out;
  }
}
