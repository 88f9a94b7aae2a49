import { create } from 'zustand';

/** The floating windows of the map screen, the last raised on top (the jobs and search panels). */
export type FloatingWindowId = 'jobs' | 'search';

interface WindowStack {
  order: FloatingWindowId[];
  raise: (id: FloatingWindowId) => void;
}

export const useWindowStack = create<WindowStack>((set) => ({
  order: [],
  raise: (id) => set((s) => (s.order.at(-1) === id ? s : { order: [...s.order.filter((w) => w !== id), id] })),
}));

/** A window's place in the stack, added to the app bar's z-index + 1: the raised one covers the others. */
export function useStackLevel(id: FloatingWindowId): number {
  return useWindowStack((s) => Math.max(0, s.order.indexOf(id)));
}
