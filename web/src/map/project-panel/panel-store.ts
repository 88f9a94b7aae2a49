import { create } from 'zustand';
import type { ExportItemType } from '@fieldbook/domain';
import type { Folder, Layer } from '../../api/projects';

/** The one dialog the project panel shows at a time. */
export type PanelDialog =
  | { kind: 'newProject' }
  | { kind: 'projectDetails' }
  | { kind: 'deleteProject' }
  | { kind: 'newFolder'; parentId: string | null }
  | { kind: 'editFolder'; folder: Folder }
  | { kind: 'deleteFolder'; folder: Folder }
  | { kind: 'moveFolder'; folder: Folder }
  | { kind: 'newLayer'; folder: Folder }
  | { kind: 'editLayer'; layer: Layer }
  | { kind: 'deleteLayer'; layer: Layer }
  | { kind: 'moveLayer'; layer: Layer }
  | { kind: 'shareLayer'; layer: Layer }
  | { kind: 'externalService' }
  | { kind: 'upload'; folder: Folder }
  | { kind: 'export'; item: { type: ExportItemType; id: string; name: string } };

interface PanelState {
  dialog: PanelDialog | null;
  open: (dialog: PanelDialog) => void;
  close: () => void;
}

export const usePanelDialogs = create<PanelState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));
