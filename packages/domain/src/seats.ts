import { USER_TYPES } from './user-types.js';

/** Seats an organization buys: either per type (userInfo) or one total (maxUsers); plus RTK seats. */
export interface SeatLimits {
  maxUsers: number | null;
  userInfo: { viewers?: number; editors?: number; dataCollectors?: number; powerUsers?: number } | null;
  rtkSeats: number;
}

/** Active members by type, support users excluded (spec 1 §3). */
export interface SeatUsage {
  viewers: number;
  editors: number;
  dataCollectors: number;
  rtk: number;
}

export type SeatType = 'viewer' | 'editor' | 'dataCollector';

export function seatTypeOf(userType: string): SeatType | null {
  if (userType === USER_TYPES.viewer) return 'viewer';
  if (userType === USER_TYPES.dataCollector) return 'dataCollector';
  if (userType === USER_TYPES.editor) return 'editor';
  return null;
}

/**
 * Whether the usage fits the limits. Power-user seats are shared by editors and collectors: each of
 * them first uses a seat of its own type, the rest comes out of the power pool.
 */
export function usageFits(limits: SeatLimits, usage: SeatUsage): boolean {
  const total = usage.viewers + usage.editors + usage.dataCollectors;
  if (!limits.userInfo) return limits.maxUsers === null || total <= limits.maxUsers;
  const info = limits.userInfo;
  if (usage.viewers > (info.viewers ?? 0)) return false;
  const editorsOver = Math.max(0, usage.editors - (info.editors ?? 0));
  const collectorsOver = Math.max(0, usage.dataCollectors - (info.dataCollectors ?? 0));
  return editorsOver + collectorsOver <= (info.powerUsers ?? 0);
}

export function withChange(usage: SeatUsage, add: SeatType | null, remove: SeatType | null = null): SeatUsage {
  const key = { viewer: 'viewers', editor: 'editors', dataCollector: 'dataCollectors' } as const;
  const next = { ...usage };
  if (add) next[key[add]] += 1;
  if (remove) next[key[remove]] -= 1;
  return next;
}

/** Whether one more member of this type fits (used to disable type options and block adding). */
export const hasFreeSeat = (limits: SeatLimits, usage: SeatUsage, type: SeatType): boolean =>
  usageFits(limits, withChange(usage, type));

export const hasFreeRtkSeat = (limits: SeatLimits, usage: SeatUsage): boolean => usage.rtk < limits.rtkSeats;

/** Totals for the seat banner and the seats-in-use popup. */
export function seatTotals(
  limits: SeatLimits,
  usage: SeatUsage,
): { used: number; limit: number | null; remaining: number | null } {
  const used = usage.viewers + usage.editors + usage.dataCollectors;
  const info = limits.userInfo;
  const limit = info
    ? (info.viewers ?? 0) + (info.editors ?? 0) + (info.dataCollectors ?? 0) + (info.powerUsers ?? 0)
    : limits.maxUsers;
  return { used, limit, remaining: limit === null ? null : limit - used };
}

/** Banner colour of spec 1 §2.5: info while seats remain, warning at zero, error when over. */
export function seatBannerSeverity(remaining: number | null): 'info' | 'warning' | 'error' {
  if (remaining === null || remaining > 0) return 'info';
  return remaining === 0 ? 'warning' : 'error';
}
