/** A piece of work run at the next animation frame, once however often it was asked for meanwhile. */
export class FrameTask {
  private frame: number | undefined;

  constructor(private readonly run: () => void) {}

  schedule(): void {
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      this.run();
    });
  }

  cancel(): void {
    if (this.frame !== undefined) {
      cancelAnimationFrame(this.frame);
      this.frame = undefined;
    }
  }
}
