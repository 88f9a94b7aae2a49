import { create } from 'zustand';
import type { AuthTokens } from '@fieldbook/domain';

/** Tokens survive reloads in localStorage under this key. */
export const SESSION_STORAGE_KEY = 'fieldbook.session';

export interface Session {
  idToken: string;
  refreshToken: string;
  /** Epoch milliseconds when the ID token expires. */
  expiresAt: number;
}

interface SessionState {
  session: Session | null;
  /** Organization selected among the profile's organizations; null means the account's own. */
  orgId: string | null;
  setTokens: (tokens: AuthTokens) => void;
  setOrgId: (orgId: string | null) => void;
  clear: () => void;
}

interface Stored {
  session: Session | null;
  orgId: string | null;
}

function readStored(): Stored {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return { session: null, orgId: null };
    const parsed = JSON.parse(raw) as Partial<Session> & { orgId?: string | null };
    if (typeof parsed.idToken !== 'string' || typeof parsed.refreshToken !== 'string') {
      return { session: null, orgId: null };
    }
    return {
      session: { idToken: parsed.idToken, refreshToken: parsed.refreshToken, expiresAt: Number(parsed.expiresAt) || 0 },
      orgId: parsed.orgId ?? null,
    };
  } catch {
    return { session: null, orgId: null };
  }
}

function writeStored({ session, orgId }: Stored) {
  try {
    if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, orgId }));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Private browsing can refuse storage; the session then lasts for this page only.
  }
}

export const useSession = create<SessionState>((set, get) => ({
  ...readStored(),
  setTokens: (tokens) => {
    const session = {
      idToken: tokens.idToken,
      refreshToken: tokens.refreshToken,
      expiresAt: Date.now() + tokens.expiresIn * 1000,
    };
    writeStored({ session, orgId: get().orgId });
    set({ session });
  },
  setOrgId: (orgId) => {
    writeStored({ session: get().session, orgId });
    set({ orgId });
  },
  clear: () => {
    writeStored({ session: null, orgId: null });
    set({ session: null, orgId: null });
  },
}));

// A sign-in or sign-out in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) useSession.setState(readStored());
  });
}

export const isSignedIn = () => useSession.getState().session !== null;
