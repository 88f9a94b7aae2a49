import { create } from 'zustand';

/** A leader being drawn or edited in the leader drawer. */
export interface LeaderDraft {
  /** Set when editing an existing leader. */
  leaderId?: string;
  /** The feature the leader points at and its folder (create). */
  featureId?: string;
  folderId: string;
}

/** UI state of the features area that other map areas do not need (the map store keeps the shared part). */
interface WorkspaceState {
  /** Current vertex of the pedigree/profile arrows, an index into the flattened vertices. */
  vertex: number;
  /** The INFO tab's edit panel. */
  editPanel: 'attributes' | 'properties' | null;
  /** A leader clicked on the map (its snackbar offers Edit and Delete). */
  selectedLeaderId: string | null;
  leaderDraft: LeaderDraft | null;
  setVertex: (vertex: number) => void;
  setEditPanel: (panel: WorkspaceState['editPanel']) => void;
  selectLeader: (id: string | null) => void;
  setLeaderDraft: (draft: LeaderDraft | null) => void;
}

export const useWorkspace = create<WorkspaceState>((set) => ({
  vertex: 0,
  editPanel: null,
  selectedLeaderId: null,
  leaderDraft: null,
  setVertex: (vertex) => set({ vertex }),
  setEditPanel: (editPanel) => set({ editPanel }),
  selectLeader: (selectedLeaderId) => set({ selectedLeaderId }),
  setLeaderDraft: (leaderDraft) => set({ leaderDraft }),
}));
