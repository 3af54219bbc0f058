/** Timers and abort controllers that must not outlive the emulator. */
export class Lifetime {
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly controllers = new Set<AbortController>();
  private ended = false;

  get isEnded(): boolean {
    return this.ended;
  }

  /** Resolves true after `ms`, or false at once when the emulator closes first. */
  delay(ms: number): Promise<boolean> {
    if (this.ended) {
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(true);
      }, ms);
      this.timers.set(timer, () => resolve(false));
    });
  }

  /** An AbortController that is aborted when the emulator closes; call the returned release when done. */
  controller(): { controller: AbortController; release: () => void } {
    const controller = new AbortController();
    if (this.ended) {
      controller.abort(new Error('The emulator is closing.'));
    } else {
      this.controllers.add(controller);
    }
    return { controller, release: () => this.controllers.delete(controller) };
  }

  end(): void {
    this.ended = true;
    for (const [timer, cancel] of this.timers) {
      clearTimeout(timer);
      cancel();
    }
    this.timers.clear();
    for (const controller of this.controllers) {
      controller.abort(new Error('The emulator is closing.'));
    }
    this.controllers.clear();
  }
}
