import { useGlobalDialogs } from '../app/dialogs-store';
import { snackFailure } from '../app/action-feedback';
import { useTrainingSite } from '../api/feedback';
import type { SettingsAction } from './menu-model';

/**
 * Opens the training site in a new tab (spec 1 §2.3, §2.4). The tab is opened at the click, before
 * the address is known, so that pop-up blockers allow it; it is closed again if the call fails and
 * the error is shown.
 */
export async function openTrainingSite(fetchUrl: () => Promise<{ url: string }>): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const { url } = await fetchUrl();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (err) {
    tab?.close();
    snackFailure(err, 'app.training.error');
  }
}

export function useRunSettingsAction() {
  const show = useGlobalDialogs((s) => s.show);
  const training = useTrainingSite();
  return (id: SettingsAction['id']) => {
    if (id === 'training') void openTrainingSite(() => training.mutateAsync('home'));
    else show(id);
  };
}
