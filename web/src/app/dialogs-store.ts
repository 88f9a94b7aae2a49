import { create } from 'zustand';

export type GlobalDialog = 'feedback' | 'getting-started';

interface DialogsState {
  open: GlobalDialog | null;
  show: (dialog: GlobalDialog) => void;
  close: () => void;
}

/** Dialogs any screen may open (settings menu entries, the map screen's first-run guide). */
export const useGlobalDialogs = create<DialogsState>((set) => ({
  open: null,
  show: (open) => set({ open }),
  close: () => set({ open: null }),
}));

// The first-run guide opens by itself at most once per sign-in.
let guideOpened = false;
export const firstUseGuideOpened = () => guideOpened;
export const markFirstUseGuideOpened = () => {
  guideOpened = true;
};
export const resetFirstUseGuide = () => {
  guideOpened = false;
};
