import { create } from 'zustand';

export type SnackSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Snack {
  key: number;
  /** An `app.*` message id (translated when shown) or a readable text shown as is. */
  message: string;
  values?: Record<string, string | number>;
  severity: SnackSeverity;
  /** Longer than the default for messages worth reading (spec 3 §9: moves and exports 10 s). */
  durationMs?: number;
}

interface SnackbarState {
  current: Snack | null;
  show: (
    message: string,
    severity?: SnackSeverity,
    values?: Record<string, string | number>,
    durationMs?: number,
  ) => void;
  close: () => void;
}

let nextKey = 1;

/** One bottom-centre message at a time; a new one replaces the old (spec 1 §2.2). */
export const useSnackbar = create<SnackbarState>((set) => ({
  current: null,
  show: (message, severity = 'info', values, durationMs) =>
    set({ current: { key: nextKey++, message, severity, values, durationMs } }),
  close: () => set({ current: null }),
}));

/** Shortcut usable outside components (API client, stores). */
export const showSnack = (
  message: string,
  severity: SnackSeverity = 'info',
  values?: Record<string, string | number>,
  durationMs?: number,
) => useSnackbar.getState().show(message, severity, values, durationMs);
