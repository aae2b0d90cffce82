import type { LongTask } from '../page-probe';

/** What the list bench page exposes to the harness (tools/bench/list/suite.ts). */
export interface ListBenchApi {
  variant: string;
  rows: number;
  production: boolean;
  /** Resolves with mount-to-first-data-paint in ms. */
  mounted: Promise<number>;
  longTasks: LongTask[];
  frames: number[];
  /** Frames in which the row at the centre of the table body was blank. */
  blankFrames: number;
  startFrames: () => void;
  stopFrames: () => void;
  /** Centre of the table body, for the wheel input. */
  bodyCentre: () => { x: number; y: number };
  /** data-row-key of the row at the top of the table body. */
  firstVisibleRow: () => string | null;
}

declare global {
  interface Window {
    __list: ListBenchApi;
  }
}
