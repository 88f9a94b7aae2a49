import {
  hasFreeRtkSeat,
  hasFreeSeat,
  seatTotals,
  type SeatLimits,
  type SeatSummary,
  type SeatUsage,
} from '@fieldbook/domain';
import type { OrganizationRow } from '../organizations/store.js';

export function seatLimitsOf(org: OrganizationRow): SeatLimits {
  return { maxUsers: org.max_users, userInfo: org.user_info ?? null, rtkSeats: org.rtk_seats };
}

export function seatSummary(org: OrganizationRow, usage: SeatUsage): SeatSummary {
  const limits = seatLimitsOf(org);
  return {
    ...seatTotals(limits, usage),
    byType: usage,
    free: {
      viewer: hasFreeSeat(limits, usage, 'viewer'),
      editor: hasFreeSeat(limits, usage, 'editor'),
      dataCollector: hasFreeSeat(limits, usage, 'dataCollector'),
      rtk: hasFreeRtkSeat(limits, usage),
    },
    limits: { maxUsers: limits.maxUsers, userInfo: limits.userInfo ?? null, rtkSeats: limits.rtkSeats },
  };
}
