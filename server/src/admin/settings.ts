/** Operator settings of an organization, as `key=value` assignments (see cli.ts). */
export interface OrganizationSettings {
  type: string;
  maxUsers: number | null;
  rtkSeats: number;
  userInfo: Record<string, number> | null;
  functionalityFlags: Record<string, unknown>;
}

const SEAT_KEYS = ['viewers', 'editors', 'dataCollectors', 'powerUsers'];

function parseValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null' || raw === 'none') return null;
  if (/^-?\d+$/.test(raw)) return Number(raw);
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = target[head];
  const next = child && typeof child === 'object' ? { ...(child as Record<string, unknown>) } : {};
  setPath(next, rest, value);
  target[head] = next;
}

function nonNegativeInt(key: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new Error(`${key} must be a whole number ≥ 0`);
  return value;
}

/**
 * Applies assignments such as `maxUsers=50`, `userInfo.editors=3`, `rtkSeats=2`, `type=plus` or any
 * functionality flag path such as `onecall.enabled=false`; returns the new settings.
 */
export function applyAssignments(current: OrganizationSettings, assignments: string[]): OrganizationSettings {
  const next: OrganizationSettings = {
    ...current,
    userInfo: current.userInfo ? { ...current.userInfo } : null,
    functionalityFlags: { ...current.functionalityFlags },
  };
  for (const assignment of assignments) {
    const eq = assignment.indexOf('=');
    if (eq <= 0) throw new Error(`expected key=value, got "${assignment}"`);
    const key = assignment.slice(0, eq).trim();
    const value = parseValue(assignment.slice(eq + 1).trim());
    if (key === 'type') {
      if (value !== 'plus' && value !== 'standard') throw new Error('type must be plus or standard');
      next.type = value;
    } else if (key === 'maxUsers') {
      next.maxUsers = value === null ? null : nonNegativeInt(key, value);
    } else if (key === 'rtkSeats') {
      next.rtkSeats = nonNegativeInt(key, value);
    } else if (key === 'userInfo') {
      if (value !== null) throw new Error('userInfo can only be cleared (userInfo=none); set its seats one by one');
      next.userInfo = null;
    } else if (key.startsWith('userInfo.')) {
      const seat = key.slice('userInfo.'.length);
      if (!SEAT_KEYS.includes(seat)) throw new Error(`unknown seat type ${seat} (${SEAT_KEYS.join(', ')})`);
      next.userInfo = { ...(next.userInfo ?? {}), [seat]: nonNegativeInt(key, value) };
    } else {
      setPath(next.functionalityFlags, key.split('.'), value);
    }
  }
  return next;
}
