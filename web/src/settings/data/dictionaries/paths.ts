/** Routes of the dictionary screens (spec 2 §2); the dictionary to show travels in navigation state. */
export const DASHBOARD_PATH = '/settings/data/dictionary';
export const PROVIDER_PATH = '/settings/data/dictionary/prostar';
export const COMPANY_PATH = '/settings/data/dictionary/company';
export const VIEW_PATH = '/settings/data/dictionary/view';

export interface ViewState {
  dictionaryId: string;
}

/** Navigation state of the view route, or null when it carries no dictionary id. */
export function viewStateOf(state: unknown): ViewState | null {
  const id = (state as { dictionaryId?: unknown } | null)?.dictionaryId;
  return typeof id === 'string' && id ? { dictionaryId: id } : null;
}
