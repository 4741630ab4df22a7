// The console of `npm run dev`, written for a person. On a terminal, a step that takes a while (building the
// Temporal CLI, loading the datasets) is one line that updates in place with what is happening and the time so
// far, and other lines (steps, log lines) are printed above it. Piped to a file or another program, where `\r`
// would leave garbage, each step is a line of its own and a long one repeats its state every 30 s, never twice
// the same line.

export interface ConsoleStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface Progress {
  /** What is happening now, e.g. "downloading modules (42)". */
  update(state: string): void;
  /** Ends the progress with its last line, kept on the console. */
  done(line: string): void;
}

/** Every this often a piped console repeats a long step's state (with the time, so never the same line). */
export const PIPED_PROGRESS_EVERY_MS = 30_000;
/** A terminal's progress line is redrawn this often, for its clock. */
const TTY_REDRAW_MS = 1_000;

const CLEAR_LINE = '\r\u001b[2K';

export class DevConsole {
  readonly tty: boolean;
  private active: { label: string; state: string; began: number } | null = null;

  constructor(
    private readonly out: ConsoleStream,
    private readonly now: () => number = Date.now,
  ) {
    this.tty = out.isTTY === true;
  }

  /** A line of its own, above the progress line when one is showing. */
  line(text: string): void {
    if (this.tty && this.active) this.out.write(`${CLEAR_LINE}${text}\n${this.render()}`);
    else this.out.write(`${text}\n`);
  }

  /** Starts a progress line; one at a time (a second replaces the first). */
  progress(label: string, state: string): Progress {
    const began = this.now();
    this.active = { label, state, began };
    let lastPrinted = began;
    if (this.tty) this.out.write(`${CLEAR_LINE}${this.render()}`);
    else this.out.write(`${label}: ${state}\n`);
    const timer = setInterval(
      () => {
        if (!this.active) return;
        if (this.tty) this.out.write(`${CLEAR_LINE}${this.render()}`);
        else if (this.now() - lastPrinted >= PIPED_PROGRESS_EVERY_MS) {
          lastPrinted = this.now();
          this.out.write(`${this.render()}\n`);
        }
      },
      this.tty ? TTY_REDRAW_MS : Math.min(PIPED_PROGRESS_EVERY_MS, 5_000),
    );
    timer.unref();
    return {
      update: (next) => {
        if (!this.active) return;
        this.active.state = next;
        if (this.tty) this.out.write(`${CLEAR_LINE}${this.render()}`);
      },
      done: (line) => {
        clearInterval(timer);
        this.active = null;
        this.out.write(this.tty ? `${CLEAR_LINE}${line}\n` : `${line}\n`);
      },
    };
  }

  /** The progress line, cut to the terminal's width so that it never wraps (a wrapped line cannot be redrawn). */
  private render(): string {
    if (!this.active) return '';
    const seconds = Math.round((this.now() - this.active.began) / 1000);
    const text = `${this.active.label}: ${this.active.state} (${seconds} s)`;
    const width = this.out.columns ?? 0;
    return width > 10 && text.length >= width ? `${text.slice(0, width - 2)}…` : text;
  }
}
