import { create } from 'zustand';
import { DEFAULT_PREFERENCES, LIMITS, type Preferences } from '@fieldbook/domain';
import { getPreferences, putPreferences, toPreferences } from '../api/preferences';

/** With `useLocalPrefs` on, preferences live in this browser only, under this key. */
export const LOCAL_PREFS_KEY = 'fieldbook.prefs';

interface PreferencesState {
  prefs: Preferences;
  loaded: boolean;
  /** Session start: local copy when the user keeps preferences on this device, else the server's. */
  load: () => Promise<void>;
  /** Applies at once; saved LIMITS.preferenceSaveDebounceMs after the last change (spec 1 §4). */
  update: (patch: Partial<Preferences>) => void;
  /** Writes a pending change now (page hide, sign-out). */
  flush: (keepalive?: boolean) => Promise<void>;
  reset: () => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let dirty = false;
// Bumped on reset so a load started for a previous user cannot land after sign-out.
let generation = 0;

function readLocal(): Preferences | null {
  try {
    const raw = localStorage.getItem(LOCAL_PREFS_KEY);
    if (!raw) return null;
    const prefs = toPreferences(JSON.parse(raw));
    return prefs.useLocalPrefs ? prefs : null;
  } catch {
    return null;
  }
}

async function save(prefs: Preferences, keepalive: boolean) {
  const stamped = { ...prefs, lastUpdate: Date.now() };
  if (stamped.useLocalPrefs) {
    localStorage.setItem(LOCAL_PREFS_KEY, JSON.stringify(stamped));
    return;
  }
  // Turning the local mode off hands preferences back to the server.
  localStorage.removeItem(LOCAL_PREFS_KEY);
  await putPreferences(stamped, keepalive);
}

export const usePreferences = create<PreferencesState>((set, get) => ({
  prefs: { ...DEFAULT_PREFERENCES },
  loaded: false,
  load: async () => {
    const local = readLocal();
    if (local) {
      set({ prefs: local, loaded: true });
      return;
    }
    const started = generation;
    // The app stays usable with the defaults when loading fails; the next change saves a full object.
    const prefs = await getPreferences().catch(() => ({ ...DEFAULT_PREFERENCES }));
    if (started === generation) set({ prefs, loaded: true });
  },
  update: (patch) => {
    set({ prefs: { ...get().prefs, ...patch } });
    dirty = true;
    clearTimeout(timer);
    timer = setTimeout(() => void get().flush(), LIMITS.preferenceSaveDebounceMs);
  },
  flush: async (keepalive = false) => {
    clearTimeout(timer);
    if (!dirty) return;
    dirty = false;
    try {
      await save(get().prefs, keepalive);
    } catch {
      // A failed save is retried with the next change; preferences are not worth an error toast.
      dirty = true;
    }
  },
  reset: () => {
    generation += 1;
    clearTimeout(timer);
    dirty = false;
    set({ prefs: { ...DEFAULT_PREFERENCES }, loaded: false });
  },
}));

// Leaving the page must not lose a change still waiting for its debounce.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void usePreferences.getState().flush(true));
}
