import { USER_TYPES, type Member } from '@fieldbook/domain';

/** Message ids of the user types (spec 1 §3 bit strings). */
export const USER_TYPE_LABEL: Record<string, string> = {
  [USER_TYPES.viewer]: 'app.mm.type.viewer',
  [USER_TYPES.dataCollector]: 'app.mm.type.data-collector',
  [USER_TYPES.editor]: 'app.mm.type.editor',
  [USER_TYPES.support]: 'app.mm.type.support',
};

export const userTypeLabelId = (userType: string) => USER_TYPE_LABEL[userType] ?? 'app.mm.type.unknown';

export const fullName = (m: Pick<Member, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

export function initials(m: Pick<Member, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${m.firstName.trim()[0] ?? ''}${m.lastName.trim()[0] ?? ''}`;
  return (letters || m.email[0] || '?').toUpperCase();
}

/** A stable avatar colour per member, from a few that read well in light and dark themes. */
const AVATAR_COLOURS = ['#1f6f5c', '#b4621a', '#3d5a98', '#8a3f7a', '#5b6b2e', '#a23b3b', '#2f7a8a'];
export function avatarColour(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
}

export type MemberAction = 'edit' | 'delete' | 'disable' | 'enable' | 'resend' | 'promote' | 'demote';

export interface ActionContext {
  selfId: string | undefined;
  isPlus: boolean;
}

/** Which row actions apply and which are disabled (spec 1 §2.5). */
export function memberActions(m: Member, ctx: ActionContext): { action: MemberAction; disabled: boolean }[] {
  const self = m.id === ctx.selfId;
  const typeChange: MemberAction = m.userType === USER_TYPES.editor ? 'demote' : 'promote';
  const changeable = m.userType === USER_TYPES.editor || m.userType === USER_TYPES.dataCollector;
  return [
    { action: 'edit', disabled: !m.isActive },
    { action: 'delete', disabled: self },
    { action: m.isActive ? 'disable' : 'enable', disabled: self || m.isSso },
    // Only someone who never chose a password can be invited again (the server refuses otherwise).
    { action: 'resend', disabled: self || !m.isActive || m.isSso || !m.mustChangePassword },
    { action: typeChange, disabled: ctx.isPlus || self || !changeable },
  ];
}

export const ACTION_LABEL: Record<MemberAction, string> = {
  edit: 'app.mm.action.edit',
  delete: 'app.mm.action.delete',
  disable: 'app.mm.action.disable',
  enable: 'app.mm.action.enable',
  resend: 'app.mm.action.resend',
  promote: 'app.mm.action.promote',
  demote: 'app.mm.action.demote',
};
