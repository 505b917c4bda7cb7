// The replay slider over a finished game: position n shows the game after its first n
// decisions (GET .../at/{n}).

import { h } from './dom';

export class ReplayPanel {
  readonly el: HTMLElement;
  private slider: HTMLInputElement;
  private label: HTMLElement;
  private max = 0;
  private timer: number | null = null;
  private playBtn: HTMLButtonElement;

  constructor(private onSeek: (n: number | null) => void) {
    this.slider = h('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, class: 'replay-slider', 'data-testid': 'replay-slider' });
    this.slider.addEventListener('input', () => this.seek(Number(this.slider.value), false));
    this.label = h('span', { class: 'replay-label small', 'data-testid': 'replay-label' });
    this.playBtn = h('button', { class: 'ghost play', title: 'Play', 'data-testid': 'replay-play', onclick: () => this.togglePlay() }, '▶');
    this.el = h(
      'section',
      { class: 'panel replay', 'data-testid': 'replay' },
      h('h3', {}, 'Replay'),
      h(
        'div',
        { class: 'replay-row' },
        h('button', { class: 'ghost', title: 'Start', 'data-testid': 'replay-start', onclick: () => this.seek(0, true) }, '«'),
        h('button', { class: 'ghost', title: 'Back one decision', 'data-testid': 'replay-back', onclick: () => this.seek(this.value() - 1, true) }, '‹'),
        this.playBtn,
        h('button', { class: 'ghost', title: 'Forward one decision', 'data-testid': 'replay-forward', onclick: () => this.seek(this.value() + 1, true) }, '›'),
        h('button', { class: 'ghost', title: 'End', 'data-testid': 'replay-end', onclick: () => this.seek(this.max, true) }, '»'),
        this.slider,
      ),
      this.label,
    );
  }

  setLength(n: number): void {
    const atEnd = this.value() >= this.max;
    this.max = n;
    this.slider.max = String(n);
    if (atEnd) this.slider.value = String(n);
    this.updateLabel();
  }

  value(): number {
    return Number(this.slider.value);
  }

  private updateLabel(): void {
    const v = this.value();
    this.label.textContent = v >= this.max ? `End of the game (${this.max} decisions)` : `After decision ${v} of ${this.max}`;
  }

  private seek(n: number, setSlider: boolean): void {
    const v = Math.max(0, Math.min(this.max, n));
    if (setSlider) this.slider.value = String(v);
    this.updateLabel();
    this.onSeek(v >= this.max ? null : v);
  }

  private togglePlay(): void {
    if (this.timer !== null) {
      window.clearInterval(this.timer);
      this.timer = null;
      this.playBtn.textContent = '▶';
      this.playBtn.title = 'Play';
      return;
    }
    if (this.value() >= this.max) this.seek(0, true);
    this.playBtn.textContent = '■';
    this.playBtn.title = 'Stop';
    this.timer = window.setInterval(() => {
      if (this.value() >= this.max) {
        this.togglePlay();
        return;
      }
      this.seek(this.value() + 1, true);
    }, 250);
  }

  stop(): void {
    if (this.timer !== null) this.togglePlay();
  }
}
