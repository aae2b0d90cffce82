import type { LongTask } from '../page-probe';

/** What the form bench page exposes to the harness (tools/bench/form/suite.ts). */
export interface FormBenchApi {
  production: boolean;
  fields: number;
  required: number;
  rules: number;
  /** Resolves with mount-to-paint of the last field in ms. */
  mounted: Promise<number>;
  longTasks: LongTask[];
  keys: number[];
  /** Form items on screen (one per field shown). */
  itemCount: () => number;
  /** The item titled `title` shows the required mark (what a linkage rule set). */
  requiredShown: (title: string) => boolean;
}

declare global {
  interface Window {
    __form: FormBenchApi;
  }
}
