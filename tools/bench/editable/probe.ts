/**
 * What the editable-table pages expose to the harness (the probes themselves are ../page-probe.ts):
 * mount time, keystroke and frame samples, and a validate-all hook.
 */
export interface BenchApi {
  impl: string;
  rows: number;
  planted: number;
  production: boolean;
  mountMs?: number;
  keys: number[];
  frames: number[];
  /** Scrolls the grid so that the middle row is in view; answers the selector of an input in it. */
  scrollToMiddle: () => Promise<string>;
  /** Where the grid scrolls (for wheel input and to check that it moved). */
  scroller: () => Element;
  validate: () => Promise<{
    ms: number;
    errors: number;
    engineMs?: number;
    engineErrors?: number;
    ajvMs?: number;
    ajvErrors?: number;
  }>;
  startFrames: () => void;
  stopFrames: () => void;
}

declare global {
  interface Window {
    __bench: BenchApi;
  }
}
