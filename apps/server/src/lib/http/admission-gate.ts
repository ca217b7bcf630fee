/**
 * A counting gate with a bounded, time-limited line (admission control of the api): `enter` resolves to a
 * release function once a place is free, or to null at once when the line is full, after `waitMs` in line,
 * or when `signal` aborts (the client left while waiting).
 */
export class AdmissionGate {
  inFlight = 0;
  private readonly line: ((admitted: boolean) => void)[] = [];

  constructor(
    private readonly maxConcurrent: number,
    private readonly maxQueued: number,
    private readonly waitMs: number,
  ) {}

  get queued() {
    return this.line.length;
  }

  /** A place now, or null when the request would have to wait in line (no promise, nothing to cancel). */
  tryEnter(): (() => void) | null {
    return this.inFlight < this.maxConcurrent ? this.admit() : null;
  }

  enter(signal: AbortSignal): Promise<(() => void) | null> {
    if (signal.aborted) return Promise.resolve(null);
    if (this.inFlight < this.maxConcurrent) return Promise.resolve(this.admit());
    if (this.line.length >= this.maxQueued) return Promise.resolve(null);
    return new Promise((resolve) => {
      const turn = (admitted: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', leave);
        resolve(admitted ? this.admit() : null);
      };
      const leave = () => {
        const at = this.line.indexOf(turn);
        if (at >= 0) this.line.splice(at, 1);
        turn(false);
      };
      const timer = setTimeout(leave, this.waitMs);
      signal.addEventListener('abort', leave, { once: true });
      this.line.push(turn);
    });
  }

  private admit(): () => void {
    this.inFlight++;
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.inFlight--;
      // The place passes straight to the first in line, so a newcomer cannot overtake those waiting.
      this.line.shift()?.(true);
    };
  }
}
