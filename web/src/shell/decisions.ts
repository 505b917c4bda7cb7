// The legal decisions as buttons, grouped: always there, so every decision can be made by
// clicks even where the board offers no direct manipulation.

import type { Action } from '../api';
import { h, replace } from './dom';
import { buttonLabel, consolidateByHex, FOLD_BUTTONS, groupActions, groupByMover, pieceButtonLabel, pieceNamesOnly, type ButtonItem } from './interaction';

/** Up to this many pieces with decisions, each piece's decisions show unfolded. */
export const OPEN_PIECES = 3;

/**
 * A decision that only picks a piece yet rolls dice at once (a unit held in an enemy's zone of
 * control that takes its morale check when picked). A click on the board does not take it at once:
 * the game screen says so first. Attacks, shots and other decisions that plainly roll are taken
 * as clicked, their odds shown beforehand.
 */
export function rollsOnAPick(a: Action): boolean {
  return a.rolls === true && /^select/.test(a.kind ?? '');
}

/** The tooltip of a decision that rolls dice at once. */
export const ROLLS_TITLE = 'Taking it rolls the dice at once: a roll cannot be taken back (its odds show when you point at it).';

export interface DecisionCallbacks {
  onAct(a: Action): void;
  onHover(a: Action | null): void;
  onUndo(): void;
  /** Open the choice among several decisions at one hex (e.g. facings) on the board. */
  onChooseAt(hex: string, actions: Action[]): void;
}

export class DecisionsPanel {
  readonly el: HTMLElement;
  private body: HTMLElement;
  private note: HTMLElement;
  private open = new Set<string>();
  /** Piece groups the player folded although they show unfolded by default. */
  private closed = new Set<string>();

  constructor(private cb: DecisionCallbacks) {
    this.body = h('div', { class: 'decisions-body', 'data-testid': 'decisions' });
    this.note = h('div', { class: 'decisions-note small' });
    this.el = h('section', { class: 'panel decisions' }, h('h3', {}, 'Your decisions'), this.note, this.body);
  }

  render(legal: Action[], opts: { enabled: boolean; message: string; canUndo: boolean; selectedIds?: Set<number> }): void {
    this.note.textContent = opts.message;
    if (legal.length === 0) {
      replace(this.body, opts.canUndo ? this.undoButton() : null);
      return;
    }
    const { pieces, rest } = groupByMover(legal);
    const groups = groupActions(rest);
    const button = (item: ButtonItem, label: (a: Action) => string = buttonLabel) => {
      if (item.kind === 'hex') {
        return h(
          'button',
          {
            class: 'act kind-hex',
            'data-testid': `hex-${item.hex}`,
            'data-kind': 'hex',
            'data-hex': item.hex,
            title: `${item.actions.length} ways: ${item.actions.map((a) => a.name).join('; ')}`,
            disabled: !opts.enabled,
            onclick: () => this.cb.onChooseAt(item.hex, item.actions),
          },
          `${item.hex} ▸ ${item.actions.length}`,
        );
      }
      const a = item.action;
      return h(
        'button',
        {
          class: `act kind-${a.kind ?? 'other'} ${opts.selectedIds?.has(a.id) ? 'picked' : ''} ${a.rolls === true ? 'rolls' : ''}`,
          'data-testid': `action-${a.id}`,
          'data-kind': a.kind ?? '',
          'data-unit': a.unit ?? null,
          'data-mover': typeof a.mover === 'string' ? a.mover : null,
          'data-stand': typeof a.stand === 'number' ? a.stand : null,
          'data-hex': a.hex ?? null,
          'data-rolls': a.rolls === true ? 'true' : null,
          title: a.rolls === true ? `${a.name} — ${ROLLS_TITLE}` : a.name,
          disabled: !opts.enabled,
          onclick: () => this.cb.onAct(a),
          onmouseenter: () => this.cb.onHover(a),
          onmouseleave: () => this.cb.onHover(null),
          onfocus: () => this.cb.onHover(a),
        },
        a.rolls === true ? h('span', { class: 'rolls-mark', 'aria-label': 'rolls dice', 'data-testid': 'rolls-mark' }, '⚄ ') : null,
        label(a),
      );
    };
    // The decisions about each piece under the piece's name, written once: unfolded when few
    // pieces have any, else folded, the one held on the board (focusPiece) opened.
    const pieceCount = pieces.reduce((n, p) => n + p.actions.length, 0);
    const pieceBlock =
      pieces.length > 0
        ? h(
            'div',
            { class: 'dgroup dgroup-pieces', 'data-testid': 'decision-pieces' },
            h('div', { class: 'dgroup-title' }, 'By piece', h('span', { class: 'muted' }, ` (${pieces.length} pieces, ${pieceCount} decisions)`)),
            pieces.map((p) => {
              const key = `piece:${p.mover}`;
              const open = pieces.length <= OPEN_PIECES ? !this.closed.has(key) : this.open.has(key);
              return h(
                'details',
                {
                  class: 'dpiece',
                  'data-testid': `piece-${p.mover}`,
                  'data-mover': p.mover,
                  open,
                  ontoggle: (e: Event) => {
                    const isOpen = (e.target as HTMLDetailsElement).open;
                    if (isOpen) {
                      this.open.add(key);
                      this.closed.delete(key);
                    } else {
                      this.open.delete(key);
                      this.closed.add(key);
                    }
                  },
                },
                h('summary', { class: 'dpiece-name' }, p.name, h('span', { class: 'muted' }, ` · ${p.actions.length}`)),
                h('div', { class: 'dgroup-buttons dpiece-buttons' }, consolidateByHex(p.actions).map((item) => button(item, pieceButtonLabel))),
              );
            }),
          )
        : null;
    replace(
      this.body,
      groups.map((g) => {
        const items = consolidateByHex(g.actions);
        // The same done to many pieces: each button names its piece, the title says what.
        const byName = pieceNamesOnly(g.actions);
        const buttons = h('div', { class: `dgroup-buttons ${items.length > 8 && !byName ? 'many' : ''}` }, items.map((item) => button(item, byName ?? buttonLabel)));
        const folded = items.length > FOLD_BUTTONS || (byName !== null && items.length > OPEN_PIECES);
        const onBoard = g.actions.some((a) => typeof a.unit === 'string' || typeof a.leader === 'string' || typeof a.hex === 'string');
        const body = folded
          ? h(
              'details',
              {
                class: 'dgroup-more',
                open: this.open.has(g.title),
                ontoggle: (e: Event) => {
                  if ((e.target as HTMLDetailsElement).open) this.open.add(g.title);
                  else this.open.delete(g.title);
                },
              },
              h('summary', {}, onBoard ? `${items.length} choices: click the map, or list them all` : `${items.length} choices: list them all`),
              buttons,
            )
          : buttons;
        return h(
          'div',
          { class: 'dgroup' },
          h('div', { class: 'dgroup-title' }, g.title, g.actions.length > 6 ? h('span', { class: 'muted' }, ` (${g.actions.length})`) : null),
          body,
        );
      }),
      pieceBlock,
      opts.canUndo ? this.undoButton() : null,
    );
  }

  /**
   * The piece held on the board (null: none): its decisions unfolded and brought into view, the
   * others' folded as they were.
   */
  focusPiece(mover: string | null): void {
    if (mover === null) return;
    const d = [...this.body.querySelectorAll<HTMLDetailsElement>('details.dpiece')].find((x) => x.dataset.mover === mover);
    if (!d) return;
    d.open = true;
    d.scrollIntoView({ block: 'nearest' });
  }

  /** Marks the button of the decision the pointer rests on elsewhere (e.g. its stand on the board). */
  mark(id: number | null): void {
    for (const b of this.body.querySelectorAll('button.act.hovered')) b.classList.remove('hovered');
    if (id !== null) this.body.querySelector(`[data-testid="action-${id}"]`)?.classList.add('hovered');
  }

  private undoButton(): HTMLElement {
    return h('div', { class: 'undo-row' }, h('button', { class: 'ghost', 'data-testid': 'undo', onclick: () => this.cb.onUndo(), title: 'Take back your latest decisions, as far as the last die or chit: a roll once seen is never taken back' }, '↶ Undo'));
  }
}
