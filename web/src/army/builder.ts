// The army builder (#/army): a person picks troops (type, grade, special status, count), groups
// them into commands under generals, and sees the points, element equivalents and morale
// thresholds the server computes through the ruleset's own reading of an army list
// (POST /api/rulesets/<id>/assess/army, docs/api.md); a list the rules refuse shows the sentence
// naming the field and the rule. The list downloads as an army-list file
// (docs/scenario-format.md, section gwkho), which `carroccio army FILE` and scenarios read.

import { h, replace } from '../shell/dom';
import './army.css';

/** The ruleset whose army lists this page builds, and its vocabulary (the army-list format). */
export const ARMY_RULESET = 'gwkho';
export const TYPES = ['Hc', 'Cv', 'Re', 'Lc', 'El', 'Ph', 'Pk', 'HI', 'LI', 'Bw', 'Lb', 'Xb', 'Sh', 'L.Art', 'H.Art'];
export const GRADES = ['s', 'o', 'f', 'i', 'x'];
export const STATUSES = ['', 'berserker', 'stubborn', 'mutinous', 'brittle', 'unreliable'];

export interface Group {
  name: string;
  type: string;
  grade: string;
  status: string;
  count: number;
  general: boolean;
}

export interface CommandDraft {
  general: string;
  quality: 'good' | 'normal';
  cinc: boolean;
  groups: Group[];
}

export interface ArmyDraft {
  id: string;
  name: string;
  year: number;
  commands: CommandDraft[];
}

/** The army-list file of a draft, as the ruleset reads it. */
export function armyFile(d: ArmyDraft): Record<string, unknown> {
  return {
    ruleset: ARMY_RULESET,
    id: d.id,
    name: d.name,
    year: d.year,
    commands: d.commands.map((c) => ({
      general: c.general,
      quality: c.quality,
      ...(c.cinc ? { cinc: true } : {}),
      elements: c.groups.map((g) => ({
        ...(g.name ? { name: g.name } : {}),
        type: g.type,
        grade: g.grade,
        count: g.count,
        ...(g.status ? { status: g.status } : {}),
        ...(g.general ? { general: true } : {}),
      })),
    })),
  };
}

/** A small list that passes: two commands of knights and spearmen. */
export function starterDraft(): ArmyDraft {
  return {
    id: 'my-army',
    name: 'My army',
    year: 1300,
    commands: [
      { general: 'Commander-in-chief', quality: 'good', cinc: true, groups: [{ name: 'Knights', type: 'Hc', grade: 'o', status: '', count: 12, general: true }] },
      { general: 'Subordinate', quality: 'normal', cinc: false, groups: [{ name: 'Spearmen', type: 'Ph', grade: 'i', status: '', count: 24, general: true }, { name: 'Crossbowmen', type: 'Xb', grade: 'i', status: '', count: 6, general: false }] },
    ],
  };
}

interface Ledger {
  kind: string;
  label: string;
  ee: number;
  shaken_at: number;
  broken_at: number;
}

interface Report {
  points: number;
  ee: number;
  elements: number;
  generals: number;
  generals_allowed: [number, number];
  commands: { general: string; points: number; ee: number; elements: number }[];
  morale: { shaken: string; broken: string; ledgers: Ledger[] };
}

type Post = (path: string, body: unknown) => Promise<{ status: number; json: unknown }>;

const defaultPost: Post = async (path, body) => {
  const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => ({})) };
};

function select(options: string[], value: string, testid: string, onChange: (v: string) => void): HTMLSelectElement {
  const s = h('select', { 'data-testid': testid }, ...options.map((o) => h('option', { value: o }, o === '' ? '—' : o)));
  s.value = value;
  s.addEventListener('change', () => onChange(s.value));
  return s;
}

function input(type: string, value: string | number, testid: string, onInput: (v: string) => void, extra: Record<string, string> = {}): HTMLInputElement {
  const i = h('input', { type, value: String(value), 'data-testid': testid, ...extra });
  i.addEventListener('input', () => onInput(i.value));
  return i;
}

export class ArmyBuilder {
  readonly el: HTMLElement;
  private draft: ArmyDraft = starterDraft();
  private readonly form = h('div', { class: 'army-form' });
  private readonly report = h('div', { class: 'army-report', 'data-testid': 'army-report' });
  private seq = 0;
  private timer: number | undefined;
  private destroyed = false;

  constructor(private readonly post: Post = defaultPost) {
    this.el = h(
      'section',
      { class: 'army-builder', 'data-testid': 'army-builder' },
      h('h2', {}, 'Army builder — God Will Know His Own'),
      h('p', { class: 'army-help' }, 'Pick troops, group them into commands under their generals; points, element equivalents (e/e) and morale thresholds are computed by the rules as you go. Download the list as an army-list file for carroccio army or a scenario.'),
      h('div', { class: 'army-columns' }, this.form, this.report),
    );
    this.render();
    this.assess();
  }

  destroy(): void {
    this.destroyed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
  }

  /** The list as it stands, as the army-list file. */
  file(): Record<string, unknown> {
    return armyFile(this.draft);
  }

  private changed(rerender = false): void {
    if (rerender) this.render();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.assess(), 150);
  }

  private render(): void {
    const d = this.draft;
    const commands = d.commands.map((c, ci) =>
      h(
        'fieldset',
        { class: 'army-command', 'data-testid': `command-${ci}` },
        h('legend', {}, `Command ${ci + 1}`),
        h(
          'div',
          { class: 'army-row' },
          h('label', {}, 'General ', input('text', c.general, `general-${ci}`, (v) => ((c.general = v), this.changed()))),
          h('label', {}, 'Quality ', select(['good', 'normal'], c.quality, `quality-${ci}`, (v) => ((c.quality = v as 'good' | 'normal'), this.changed()))),
          h('label', {}, h('input', { type: 'radio', name: 'cinc', checked: c.cinc, 'data-testid': `cinc-${ci}`, onchange: () => (d.commands.forEach((o, oi) => (o.cinc = oi === ci)), this.changed()) }), ' commander-in-chief'),
          d.commands.length > 1 ? h('button', { type: 'button', 'data-testid': `remove-command-${ci}`, onclick: () => (d.commands.splice(ci, 1), this.changed(true)) }, 'Remove command') : null,
        ),
        h(
          'table',
          { class: 'army-groups' },
          h('thead', {}, h('tr', {}, ...['Name', 'Type', 'Grade', 'Status', 'Count', 'General here', ''].map((t) => h('th', {}, t)))),
          h(
            'tbody',
            {},
            ...c.groups.map((g, gi) =>
              h(
                'tr',
                { 'data-testid': `group-${ci}-${gi}` },
                h('td', {}, input('text', g.name, `name-${ci}-${gi}`, (v) => ((g.name = v), this.changed()))),
                h('td', {}, select(TYPES, g.type, `type-${ci}-${gi}`, (v) => ((g.type = v), this.changed()))),
                h('td', {}, select(GRADES, g.grade, `grade-${ci}-${gi}`, (v) => ((g.grade = v), this.changed()))),
                h('td', {}, select(STATUSES, g.status, `status-${ci}-${gi}`, (v) => ((g.status = v), this.changed()))),
                h('td', {}, input('number', g.count, `count-${ci}-${gi}`, (v) => ((g.count = Math.max(1, Math.floor(Number(v)) || 1)), this.changed()), { min: '1', max: '200' })),
                h('td', {}, h('input', { type: 'radio', name: `general-${ci}`, checked: g.general, 'data-testid': `general-here-${ci}-${gi}`, onchange: () => (c.groups.forEach((o, oi) => (o.general = oi === gi)), this.changed()) })),
                h('td', {}, c.groups.length > 1 ? h('button', { type: 'button', 'data-testid': `remove-group-${ci}-${gi}`, onclick: () => (c.groups.splice(gi, 1), this.changed(true)) }, '✕') : null),
              ),
            ),
          ),
        ),
        h('button', { type: 'button', 'data-testid': `add-group-${ci}`, onclick: () => (c.groups.push({ name: '', type: 'LI', grade: 'o', status: '', count: 2, general: false }), this.changed(true)) }, 'Add troops'),
      ),
    );
    replace(
      this.form,
      h(
        'div',
        { class: 'army-row' },
        h('label', {}, 'Name ', input('text', d.name, 'army-name', (v) => ((d.name = v), this.changed()))),
        h('label', {}, 'Id ', input('text', d.id, 'army-id', (v) => ((d.id = v), this.changed()))),
        h('label', {}, 'Year ', input('number', d.year, 'army-year', (v) => ((d.year = Math.floor(Number(v)) || 0), this.changed()), { min: '1000', max: '1900' })),
      ),
      ...commands,
      h(
        'div',
        { class: 'army-row' },
        h('button', { type: 'button', 'data-testid': 'add-command', onclick: () => (d.commands.push({ general: `General ${d.commands.length + 1}`, quality: 'normal', cinc: false, groups: [{ name: '', type: 'HI', grade: 'o', status: '', count: 4, general: true }] }), this.changed(true)) }, 'Add command'),
        h('button', { type: 'button', 'data-testid': 'download-army', onclick: () => this.download() }, 'Download army list'),
      ),
    );
  }

  private download(): void {
    const text = JSON.stringify(this.file(), null, 2) + '\n';
    const a = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })), download: `${this.draft.id || 'army'}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  private async assess(): Promise<void> {
    const seq = ++this.seq;
    let answer: { status: number; json: unknown };
    try {
      answer = await this.post(`/api/rulesets/${ARMY_RULESET}/assess/army`, this.file());
    } catch {
      answer = { status: 0, json: { error: 'The server did not answer.' } };
    }
    if (this.destroyed || seq !== this.seq) return; // a later change is on its way
    if (answer.status !== 200) {
      const error = (answer.json as { error?: string }).error ?? `The server answered HTTP ${answer.status}.`;
      this.report.classList.add('refused');
      replace(this.report, h('h3', {}, 'Not a valid army'), h('p', { class: 'army-error', 'data-testid': 'army-error' }, error));
      return;
    }
    this.report.classList.remove('refused');
    const r = answer.json as Report;
    replace(
      this.report,
      h('h3', {}, 'The army'),
      h(
        'p',
        { 'data-testid': 'army-totals' },
        h('strong', { 'data-testid': 'army-points' }, `${r.points} points`),
        ` · ${r.ee} e/e · ${r.elements} elements · ${r.generals} general${r.generals === 1 ? '' : 's'} (${r.generals_allowed[0]}–${r.generals_allowed[1]} allowed)`,
      ),
      h('table', { class: 'army-commands' }, h('thead', {}, h('tr', {}, h('th', {}, 'Command'), h('th', {}, 'Points'), h('th', {}, 'e/e'), h('th', {}, 'Elements'))), h('tbody', {}, ...r.commands.map((c) => h('tr', {}, h('td', {}, c.general), h('td', {}, String(c.points)), h('td', {}, String(c.ee)), h('td', {}, String(c.elements)))))),
      h('h3', {}, `Morale (shaken at ${r.morale.shaken}, broken at ${r.morale.broken} of the e/e lost)`),
      h('table', { class: 'army-ledgers', 'data-testid': 'army-ledgers' }, h('thead', {}, h('tr', {}, h('th', {}, 'Ledger'), h('th', {}, 'e/e'), h('th', {}, 'Shaken at'), h('th', {}, 'Broken at'))), h('tbody', {}, ...r.morale.ledgers.map((l) => h('tr', { 'data-testid': `ledger-${l.kind}` }, h('td', {}, l.label || l.kind), h('td', {}, String(l.ee)), h('td', {}, String(l.shaken_at)), h('td', {}, String(l.broken_at)))))),
    );
  }
}
