/**
 * Cheap stage timers for a build (`npm run bench` prints them). A stage's time is the sum of the
 * spans recorded under its name: wall time for the stages that run once, and the sum over pages for
 * the per-page ones (render, write, search), which overlap a little because a few pages are in
 * flight at once. Costs one `performance.now()` pair per span.
 */
export type BuildStage =
  | 'settings+content'
  | 'cache-check'
  | 'openapi-checks'
  | 'asyncapi-checks'
  | 'workers-start'
  | 'produce'
  | 'tailwind'
  | 'reuse'
  | 'write'
  | 'search-add'
  | 'pages-total'
  | 'static-assets'
  | 'search-index'
  | 'markdown-later'
  | 'post-build'
  | 'commit';

export class BuildTimings {
  private readonly ms = new Map<BuildStage, number>();
  private readonly counts = new Map<BuildStage, number>();

  add(stage: BuildStage, ms: number): void {
    this.ms.set(stage, (this.ms.get(stage) ?? 0) + ms);
    this.counts.set(stage, (this.counts.get(stage) ?? 0) + 1);
  }

  /** Run `fn` and record its duration under `stage`. */
  async time<T>(stage: BuildStage, fn: () => Promise<T>): Promise<T> {
    const t = performance.now();
    try {
      return await fn();
    } finally {
      this.add(stage, performance.now() - t);
    }
  }

  /** Stage → milliseconds, in the order the stages were first recorded. */
  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.ms].map(([k, v]) => [k, Math.round(v * 10) / 10]));
  }
}
