// The table referee page (#/referee/TABLE): choose a table of a referee-only ruleset (the first
// the server marks table_referee), fill in its situation in a form generated from the server's table description, then
// let the server roll or enter the die a person rolled, and read the result, every modifier with
// its source, the exact odds of every outcome as a bar chart, and a warning whenever the result
// rests on a reconstructed, guessed or missing cell. The resolution is the server's (the same
// report the ruleset's command prints with --json); this page only builds the request and draws the report.

import { Api, ApiError, type Confidence, type RefereeField, type RefereeReport, type RefereeRequest, type RefereeTable, type RefereeTables } from '../api';
import { h, replace, titleCase } from './dom';

/** What the form holds: text for numbers, enums and lists; a flag for switches. */
export type FormValues = Record<string, string | boolean>;

/** The form's starting values: each field's default, or empty (not given). */
export function initialValues(table: RefereeTable): FormValues {
  const v: FormValues = {};
  for (const f of table.fields) {
    if (f.type === 'bool') v[f.name] = f.default === true;
    else if (f.type === 'list') v[f.name] = Array.isArray(f.default) ? (f.default as unknown[]).join(', ') : '';
    else v[f.name] = f.default === undefined || f.default === null ? '' : String(f.default);
  }
  return v;
}

function rangeText(f: RefereeField): string {
  if (f.min !== undefined && f.max !== undefined) return `from ${f.min} to ${f.max}`;
  if (f.min !== undefined) return `at least ${f.min}`;
  if (f.max !== undefined) return `at most ${f.max}`;
  return '';
}

/**
 * The situation of a request from the form: empty fields are left out (the server fills the
 * defaults); numbers are checked here so a typo is named before any request. Errors are one
 * sentence each, naming the field.
 */
export function buildSituation(table: RefereeTable, values: FormValues): { situation: Record<string, unknown>; errors: string[] } {
  const situation: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const f of table.fields) {
    const raw = values[f.name];
    if (f.type === 'bool') {
      if (raw === true) situation[f.name] = true;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') {
      if (f.required) errors.push(`${fieldTitle(f.name)} is needed: ${f.help}.`);
      continue;
    }
    if (f.type === 'int' || f.type === 'number') {
      const ok = f.type === 'int' ? /^[+-]?\d+$/.test(text) : /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text);
      const n = Number(text);
      if (!ok || !Number.isFinite(n)) {
        errors.push(`${fieldTitle(f.name)} must be ${f.type === 'int' ? 'a whole number' : 'a number'}, not “${text}”.`);
        continue;
      }
      if ((f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max)) {
        errors.push(`${fieldTitle(f.name)} must be ${rangeText(f)} (got ${text}).`);
        continue;
      }
      situation[f.name] = n;
    } else if (f.type === 'enum') {
      situation[f.name] = text;
    } else {
      situation[f.name] = text
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== '');
    }
  }
  return { situation, errors };
}

/**
 * The dice a person rolled, as the request's "dice": one value per roll, separated by commas (or
 * spaces for single dice). For 2d6 a roll is the total or both dice ("3 4").
 */
export function parseDiceText(text: string, dice: string | null): { dice: (number | string)[]; error?: string } {
  const t = text.trim();
  if (t === '') return { dice: [], error: 'Enter the value of the die you rolled.' };
  if (!dice) return { dice: [], error: 'This table is read without dice.' };
  const pair = dice === '2d6';
  const chunks = (pair ? t.split(/[,;]/) : t.split(/[\s,;]+/)).map((x) => x.trim()).filter((x) => x !== '');
  const out: (number | string)[] = [];
  for (const c of chunks) {
    if (/^\d+$/.test(c)) out.push(Number(c));
    else if (pair && /^\d+\s+\d+$/.test(c)) out.push(c.replace(/\s+/g, ' '));
    else return { dice: [], error: `“${c}” is not a die value: write ${pair ? 'the total or both dice, e.g. 7 or 3 4' : 'a number such as 4'}, and separate rolls with commas.` };
  }
  return { dice: out };
}

/** Reads a user's Assault Table grid (JSON text); an error sentence if it is not JSON. */
export function parseGridText(text: string): { grid?: unknown; error?: string } {
  const t = text.trim();
  if (t === '') return {};
  try {
    return { grid: JSON.parse(t) };
  } catch (e) {
    return { error: `The Assault grid is not valid JSON (${(e as Error).message}).` };
  }
}

export type RollMode = 'odds' | 'roll' | 'dice';

/** The POST /api/rulesets/{id}/resolve body for the form, or the sentences that stop it. */
export function buildRequest(
  table: RefereeTable,
  values: FormValues,
  mode: RollMode,
  diceText: string,
  gridText: string,
): { request?: RefereeRequest; errors: string[] } {
  const { situation, errors } = buildSituation(table, values);
  const request: RefereeRequest = { table: table.name, situation };
  if (mode === 'roll' && table.dice) request.roll = true;
  if (mode === 'dice') {
    const d = parseDiceText(diceText, table.dice);
    if (d.error) errors.push(d.error);
    else request.dice = d.dice;
  }
  if (gridText.trim() !== '') {
    const g = parseGridText(gridText);
    if (g.error) errors.push(g.error);
    else request.assault_table = g.grid;
  }
  return errors.length ? { errors } : { request, errors };
}

/**
 * The referee's sentences name situation fields as command-line options ("give --sp"); on this
 * page they are form fields, so "--sp" reads as “SP”.
 */
export function formWording(message: string, table: RefereeTable | null): string {
  if (!table) return message;
  return message.replace(/--([a-z][a-z0-9-]*)/g, (all, name: string) => (table.fields.some((f) => f.name === name) ? `“${fieldTitle(name)}”` : all));
}

export function isUncertain(c: Confidence | string | undefined): boolean {
  return !!c && c !== 'legible';
}

/** A short mark for a confidence level, as the CLI prints it. */
export function confidenceMark(c: Confidence | string): string {
  return c === 'reconstructed' ? '~' : c === 'guessed' ? '?' : c === 'missing' ? '!' : '';
}

export interface OddsRow {
  outcome: string;
  fraction: string;
  percent: number;
  width: number; // bar width in percent of the chart (the likeliest outcome fills it)
  confidence: Confidence;
  rolls: string;
  current: boolean; // the outcome of this roll
}

/** The bars of the odds chart, in the report's order. */
export function oddsRows(report: RefereeReport): OddsRow[] {
  const top = Math.max(0, ...report.odds.map((l) => l.percent));
  const outcome = report.mode === 'physical' || report.mode === 'rolled' ? report.result?.outcome : undefined;
  return report.odds.map((l) => ({
    outcome: l.outcome,
    fraction: l.probability,
    percent: l.percent,
    width: top > 0 ? Math.round((l.percent / top) * 1000) / 10 : 0,
    confidence: l.confidence,
    rolls: l.rolls ?? '',
    current: outcome !== undefined && l.outcome === outcome,
  }));
}

/** "12.5%", "<0.01%", "100%". */
export function percentText(p: number): string {
  if (p > 0 && p < 0.01) return '<0.01%';
  return `${Number.isInteger(p) ? p : p.toFixed(p < 1 ? 2 : 1)}%`;
}

export interface WarningSummary {
  level: 'none' | 'caution' | 'danger';
  headline: string;
  lines: string[];
}

/**
 * What the person must be told about the certainty of the report: a headline when the result (or
 * any of the odds) rests on something other than a legible cell, and every such basis.
 */
export function warningSummary(report: RefereeReport): WarningSummary {
  const lines = report.warnings ?? [];
  if (!report.resolved) {
    return { level: 'danger', headline: `Cannot resolve: ${report.unresolved_reason ?? 'the table is missing'}`, lines };
  }
  const c = report.result?.confidence;
  const unsure = report.uncertain_probability?.percent ?? 0;
  const guessed = report.guessed_probability?.percent ?? 0;
  if (c === 'guessed' || c === 'missing') {
    return { level: 'danger', headline: `This result rests on a ${c} reading of the chart: check it against your own copy.`, lines };
  }
  if (c === 'reconstructed') {
    return { level: 'caution', headline: 'This result rests on a reconstructed reading of the chart.', lines };
  }
  if (lines.length) {
    return { level: 'caution', headline: 'Part of this rests on an uncertain reading of the chart.', lines };
  }
  if (unsure > 0) {
    return {
      level: guessed > 0 ? 'danger' : 'caution',
      headline: `${percentText(unsure)} of the outcomes rest on uncertain cells${guessed > 0 ? ` (${percentText(guessed)} on guessed ones)` : ''}.`,
      lines,
    };
  }
  return { level: 'none', headline: '', lines };
}

const ABBREVIATIONS = new Set(['sp', 'mp', 'ap', 'drm', 'loc', 'zoc', 'crt']);

/** "attacker-sp" -> "Attacker SP". */
export function fieldTitle(name: string): string {
  return titleCase(
    name
      .split('-')
      .map((w) => (ABBREVIATIONS.has(w) ? w.toUpperCase() : w))
      .join(' '),
  );
}

// ---- The page ----

export class RefereePage {
  readonly el: HTMLElement;
  private tables: RefereeTables | null = null;
  private table: RefereeTable | null = null;
  private values: FormValues = {};
  private diceText = '';
  private gridText = '';
  private formBox: HTMLElement;
  private resultBox: HTMLElement;
  private message: HTMLElement;
  private seq = 0;
  private ruleset = '';
  private oddsTimer: number | null = null;
  private destroyed = false;

  constructor(
    private api: Api,
    private initialTable: string | null,
    private onTable: (name: string) => void,
  ) {
    this.formBox = h('div', { class: 'referee-form', 'data-testid': 'referee-form' });
    this.message = h('div', { class: 'referee-message', role: 'alert', 'data-testid': 'referee-message' });
    this.resultBox = h('div', { class: 'referee-result', 'data-testid': 'referee-result' });
    this.el = h(
      'div',
      { class: 'referee', 'data-testid': 'referee' },
      h('section', { class: 'panel referee-left' }, h('h2', {}, 'Table referee'), this.formBox, this.message),
      h('section', { class: 'panel referee-right' }, this.resultBox),
    );
  }

  destroy(): void {
    this.destroyed = true;
    if (this.oddsTimer !== null) window.clearTimeout(this.oddsTimer);
  }

  async load(): Promise<void> {
    replace(this.formBox, h('p', { class: 'muted' }, 'Loading the tables…'));
    try {
      // The ruleset whose referee the page serves: the first the server marks table_referee.
      const referee = (await this.api.rulesets()).find((r) => r.table_referee === true);
      if (!referee) {
        replace(this.formBox, h('p', { class: 'error' }, 'The server offers no ruleset with referee tables.'));
        return;
      }
      this.ruleset = referee.id;
      this.tables = await this.api.refereeTables(referee.id);
    } catch (e) {
      replace(this.formBox, h('p', { class: 'error' }, (e as Error).message));
      return;
    }
    const first = this.tables.tables.find((t) => t.name === this.initialTable) ?? this.tables.tables[0];
    if (!first) {
      replace(this.formBox, h('p', { class: 'error' }, 'The server describes no referee tables.'));
      return;
    }
    this.pick(first.name, false);
  }

  private pick(name: string, navigate: boolean): void {
    const t = this.tables?.tables.find((x) => x.name === name);
    if (!t) return;
    this.table = t;
    this.values = initialValues(t);
    this.diceText = '';
    replace(this.message);
    if (navigate) this.onTable(name);
    document.title = `Carroccio · ${t.title}`;
    this.renderForm();
    this.renderIdle();
    this.scheduleOdds(0);
  }

  private renderForm(): void {
    const all = this.tables;
    const t = this.table;
    if (!all || !t) return;
    const select = h(
      'select',
      { id: 'referee-table', 'data-testid': 'referee-table', onchange: (e: Event) => this.pick((e.target as HTMLSelectElement).value, true) },
      all.tables.map((x) => h('option', { value: x.name, selected: x.name === t.name }, x.title)),
    );
    const fields = t.fields.map((f) => this.fieldRow(f));
    const dieInput = h('input', {
      type: 'text',
      class: 'die-input',
      'data-testid': 'referee-die',
      placeholder: t.dice === '2d6' ? 'e.g. 7 or 3 4' : t.rolls.includes(';') ? 'e.g. 4, 2, 6' : 'e.g. 4',
      value: this.diceText,
      oninput: (e: Event) => (this.diceText = (e.target as HTMLInputElement).value),
      onkeydown: (e: Event) => {
        if ((e as KeyboardEvent).key === 'Enter') void this.resolve('dice');
      },
    });
    replace(
      this.formBox,
      h('p', { class: 'muted small' }, `${all.title}: every table of the chart sheet, resolved exactly, with the odds of every outcome.`),
      h('label', { class: 'field' }, h('span', {}, 'Table'), select),
      h('p', { class: 'referee-summary small' }, titleCase(t.summary), '.'),
      t.fields.length
        ? h('fieldset', { class: 'referee-fields' }, h('legend', {}, 'Situation'), fields)
        : h('p', { class: 'muted small' }, 'This table takes no situation.'),
      t.name === 'assault' ? this.gridBox() : null,
      t.dice
        ? h(
            'fieldset',
            { class: 'referee-dice' },
            h('legend', {}, 'Dice'),
            h('div', { class: 'muted small' }, t.rolls),
            h(
              'div',
              { class: 'dice-row' },
              h('button', { class: 'primary', 'data-testid': 'referee-roll', onclick: () => void this.resolve('roll'), title: 'The server rolls with a fresh seed, shown with the result' }, `⚄ Roll ${t.dice}`),
              h('span', { class: 'muted' }, 'or your die:'),
              dieInput,
              h('button', { 'data-testid': 'referee-use-die', onclick: () => void this.resolve('dice') }, 'Resolve'),
            ),
          )
        : h('div', { class: 'dice-row' }, h('button', { class: 'primary', 'data-testid': 'referee-lookup', onclick: () => void this.resolve('odds') }, 'Read the table')),
    );
  }

  private fieldRow(f: RefereeField): HTMLElement {
    const id = `referee-field-${f.name}`;
    const testid = `field-${f.name}`;
    const changed = () => {
      this.scheduleOdds(300);
    };
    let input: HTMLElement;
    if (f.type === 'bool') {
      input = h('input', {
        id,
        type: 'checkbox',
        'data-testid': testid,
        checked: this.values[f.name] === true,
        onchange: (e: Event) => {
          this.values[f.name] = (e.target as HTMLInputElement).checked;
          changed();
        },
      });
    } else if (f.type === 'enum') {
      const cur = String(this.values[f.name] ?? '');
      input = h(
        'select',
        {
          id,
          'data-testid': testid,
          onchange: (e: Event) => {
            this.values[f.name] = (e.target as HTMLSelectElement).value;
            changed();
          },
        },
        f.default === undefined ? h('option', { value: '', selected: cur === '' }, f.required ? '(choose)' : '(not given)') : null,
        (f.values ?? []).map((v) => h('option', { value: v, selected: v === cur }, v)),
      );
    } else {
      const list = f.type === 'list';
      input = h('input', {
        id,
        type: 'text',
        inputmode: list ? null : 'numeric',
        class: list ? 'list-input' : 'num-input',
        'data-testid': testid,
        placeholder: list ? `${f.min_items ?? 0}${f.max_items !== undefined && f.max_items !== f.min_items ? `–${f.max_items}` : ''} words, comma-separated` : f.required ? 'needed' : rangeText(f) || 'not given',
        value: String(this.values[f.name] ?? ''),
        oninput: (e: Event) => {
          this.values[f.name] = (e.target as HTMLInputElement).value;
          changed();
        },
      });
    }
    const help = f.type === 'list' && f.values?.length ? `${f.help}. Words: ${f.values.join(', ')}` : f.help;
    return h(
      'div',
      { class: `rf-row rf-${f.type}${f.required ? ' rf-required' : ''}` },
      h('label', { for: id, class: 'rf-name' }, fieldTitle(f.name), f.required ? h('span', { class: 'req', title: 'needed' }, ' *') : null),
      h('div', { class: 'rf-input' }, input),
      h('div', { class: 'rf-help small' }, help),
    );
  }

  private gridBox(): HTMLElement {
    const area = h('textarea', {
      class: 'grid-text',
      rows: 6,
      spellcheck: 'false',
      'data-testid': 'referee-grid',
      placeholder: `{"format": "${this.tables?.assault_table_format ?? ''}", "columns": [...], "rows": [...], "cells": [...]}`,
      oninput: (e: Event) => {
        this.gridText = (e.target as HTMLTextAreaElement).value;
        this.scheduleOdds(400);
      },
    });
    area.value = this.gridText;
    const file = h('input', {
      type: 'file',
      accept: '.json,application/json',
      'data-testid': 'referee-grid-file',
      onchange: async (e: Event) => {
        const f = (e.target as HTMLInputElement).files?.[0];
        if (!f) return;
        this.gridText = await f.text();
        area.value = this.gridText;
        this.scheduleOdds(0);
      },
    });
    return h(
      'fieldset',
      { class: 'referee-grid' },
      h('legend', {}, 'Your Assault Table grid'),
      h(
        'p',
        { class: 'small' },
        'The grid of this table is lost from the chart text, so it cannot be resolved until you supply it from your own copy of the chart: ',
        `a JSON file in the format ${this.tables?.assault_table_format ?? ''} (documented in docs/rulings/${this.ruleset}.md, the same file `,
        h('code', {}, `carroccio ${this.ruleset} assault --assault-table FILE`),
        ' reads).',
      ),
      h('div', { class: 'dice-row' }, file),
      area,
    );
  }

  // ---- Requests ----

  private scheduleOdds(ms: number): void {
    if (this.oddsTimer !== null) window.clearTimeout(this.oddsTimer);
    this.oddsTimer = window.setTimeout(() => {
      this.oddsTimer = null;
      void this.resolve('odds', true);
    }, ms);
  }

  private async resolve(mode: RollMode, quiet = false): Promise<void> {
    const t = this.table;
    if (!t || this.destroyed) return;
    if (!quiet && this.oddsTimer !== null) {
      // A roll supersedes the odds still waiting to be asked for (they come with the result).
      window.clearTimeout(this.oddsTimer);
      this.oddsTimer = null;
    }
    const { request, errors } = buildRequest(t, this.values, mode, this.diceText, this.gridText);
    const seq = ++this.seq;
    if (!request) {
      if (!quiet) this.showErrors(errors);
      else this.renderIdle(errors);
      return;
    }
    replace(this.message);
    this.resultBox.classList.add('stale');
    try {
      const report = await this.api.resolve(this.ruleset, request);
      if (seq !== this.seq || this.destroyed) return;
      this.renderReport(report);
    } catch (e) {
      if (seq !== this.seq || this.destroyed) return;
      const msg = formWording(e instanceof ApiError ? e.message : String(e), t);
      if (quiet) this.renderIdle([msg]);
      else this.showErrors([msg]);
    } finally {
      if (seq === this.seq) this.resultBox.classList.remove('stale');
    }
  }

  private showErrors(errors: string[]): void {
    replace(this.message, errors.map((e) => h('p', { class: 'error' }, e)));
  }

  // ---- The report ----

  private renderIdle(problems: string[] = []): void {
    const t = this.table;
    replace(
      this.resultBox,
      h('h3', {}, t ? t.title : 'Result'),
      problems.length
        ? h('div', { class: 'referee-problems' }, problems.map((p) => h('p', { class: 'error small' }, p)))
        : h('p', { class: 'muted' }, t?.dice ? 'Fill in the situation, then roll or enter your die. The odds of every outcome show here as you go.' : 'Fill in the situation, then read the table.'),
    );
  }

  private renderReport(r: RefereeReport): void {
    const warn = warningSummary(r);
    const rolled = r.mode === 'physical' || r.mode === 'rolled';
    const applied = r.modifiers.filter((m) => m.applied);
    const skipped = r.modifiers.filter((m) => !m.applied);
    const rows = oddsRows(r);
    const result = r.result;
    replace(
      this.resultBox,
      h('h3', {}, r.title),
      warn.level !== 'none'
        ? h(
            'div',
            { class: `referee-warning ${warn.level}`, 'data-testid': 'referee-warnings', role: 'alert' },
            h('div', { class: 'warn-head' }, warn.level === 'danger' ? '⚠ ' : '△ ', warn.headline),
            warn.lines.length ? h('ul', {}, warn.lines.map((l) => h('li', {}, l))) : null,
          )
        : null,
      rolled || r.mode === 'lookup'
        ? h(
            'div',
            { class: `referee-outcome conf-${result?.confidence ?? 'legible'}`, 'data-testid': 'referee-outcome' },
            r.rolls.length
              ? h(
                  'div',
                  { class: 'rolls' },
                  r.rolls.map((x) => h('span', { class: 'roll', title: `${x.dice}: ${x.purpose}` }, h('span', { class: 'die' }, String(x.value)), ` ${x.purpose}`)),
                  r.mode === 'rolled' && r.seed !== undefined ? h('span', { class: 'muted small seed', 'data-testid': 'referee-seed' }, ` rolled by Carroccio, seed ${r.seed}`) : r.mode === 'physical' ? h('span', { class: 'muted small' }, ' as you rolled them') : null,
                )
              : null,
            r.resolved && result
              ? h(
                  'div',
                  { class: 'outcome-line' },
                  h('span', { class: 'label' }, 'Result'),
                  h('span', { class: 'outcome-text', 'data-testid': 'referee-outcome-text' }, result.outcome),
                  isUncertain(result.confidence) ? h('span', { class: `conf-badge conf-${result.confidence}` }, result.confidence) : null,
                )
              : null,
            result && result.effects.length ? h('ul', { class: 'effects' }, result.effects.filter((e) => e).map((e) => h('li', {}, e))) : null,
          )
        : null,
      applied.length || skipped.length
        ? h(
            'div',
            { class: 'referee-mods' },
            h('div', { class: 'label' }, `Modifiers${r.dice ? ` — total die-roll modifier ${r.total_modifier >= 0 ? '+' : ''}${r.total_modifier}` : ''}`),
            applied.length
              ? h(
                  'table',
                  { class: 'mods-table', 'data-testid': 'referee-modifiers' },
                  h(
                    'tbody',
                    {},
                    applied.map((m) =>
                      h(
                        'tr',
                        { class: isUncertain(m.confidence) ? 'uncertain' : '' },
                        h('td', { class: 'mval' }, `${m.value >= 0 ? '+' : ''}${m.value}`),
                        h('td', {}, m.label, m.kind !== 'drm' ? h('span', { class: 'muted' }, ` (${m.kind})`) : null, m.note ? h('div', { class: 'muted small' }, m.note) : null),
                        h('td', { class: 'msrc' }, h('span', { class: 'ev-rule' }, m.source)),
                        h('td', { class: 'mconf' }, isUncertain(m.confidence) ? h('span', { class: `conf-badge conf-${m.confidence}` }, m.confidence) : null),
                      ),
                    ),
                  ),
                )
              : h('p', { class: 'muted small' }, 'No modifier applies.'),
            skipped.length
              ? h(
                  'details',
                  { class: 'skipped' },
                  h('summary', { class: 'small' }, `${skipped.length} considered but not applied`),
                  h('ul', { class: 'small' }, skipped.map((m) => h('li', {}, `${m.label}${m.note ? `: ${m.note}` : ''} `, h('span', { class: 'ev-rule' }, m.source)))),
                )
              : null,
          )
        : null,
      r.odds.length
        ? h(
            'div',
            { class: 'referee-odds' },
            h('div', { class: 'label' }, r.dice ? `Exact odds of every outcome (${r.dice}${r.odds_total ? `, total ${r.odds_total}` : ''})` : 'Outcome'),
            h(
              'div',
              { class: 'odds-chart', 'data-testid': 'referee-odds' },
              rows.map((row) =>
                h(
                  'div',
                  { class: `oc-row${row.current ? ' current' : ''}${isUncertain(row.confidence) ? ` uncertain conf-${row.confidence}` : ''}`, 'data-testid': 'odds-row' },
                  h('div', { class: 'oc-outcome', title: row.outcome }, row.current ? '▶ ' : '', row.outcome),
                  h('div', { class: 'oc-bar' }, h('div', { class: 'oc-fill', style: `width:${row.width}%` })),
                  h('div', { class: 'oc-pct' }, percentText(row.percent)),
                  h('div', { class: 'oc-frac' }, row.fraction),
                  h('div', { class: 'oc-rolls muted small' }, row.rolls ? `on ${row.rolls}` : ''),
                  h('div', { class: 'oc-conf' }, isUncertain(row.confidence) ? h('span', { class: `conf-badge conf-${row.confidence}`, title: `part of this rests on a ${row.confidence} cell` }, `${confidenceMark(row.confidence)} ${row.confidence}`) : null),
                ),
              ),
            ),
          )
        : null,
      r.steps.length
        ? h('details', { class: 'referee-steps', open: rolled }, h('summary', { class: 'label' }, 'How the table was read'), h('ol', { class: 'small' }, r.steps.map((s) => h('li', {}, s))))
        : null,
      r.basis.length
        ? h(
            'details',
            { class: 'referee-basis' },
            h('summary', { class: 'label' }, `What this rests on (${r.basis.length})`),
            h('ul', { class: 'small' }, r.basis.map((b) => h('li', { class: isUncertain(b.confidence) ? 'uncertain' : '' }, h('span', { class: `conf-badge conf-${b.confidence}` }, b.confidence), ` ${b.what}`, b.note ? h('span', { class: 'muted' }, ` — ${b.note}`) : null))),
          )
        : null,
      !rolled && r.mode === 'odds' ? h('p', { class: 'muted small' }, 'Odds only: roll, or enter your die, for a result.') : null,
    );
  }
}
