import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useSettingsAccess } from './access';
import { SETTINGS_MENU } from './menu';
import { isGroupVisible, isPageVisible, type SettingsGroup, type SettingsPage } from './menu-model';
import { SettingsShell } from './SettingsShell';

/** A user lacking the right for a settings route is sent to the index page (spec 1 §2.2). */
function PageGuard({ group, page, children }: { group: SettingsGroup; page: SettingsPage; children: ReactNode }) {
  const access = useSettingsAccess();
  if (access && (!isGroupVisible(group, access) || !isPageVisible(page, access))) {
    return <Navigate to="/index.html" replace />;
  }
  return children;
}

/** /settings/* built from the menu data; anything else under /settings goes to /settings/home. */
export const settingsRoute: RouteObject = {
  path: 'settings',
  element: <SettingsShell />,
  children: [
    { index: true, element: <Navigate to="/settings/home" replace /> },
    ...SETTINGS_MENU.flatMap((group) =>
      group.pages.map((page): RouteObject => ({
        path: page.path,
        element: (
          <PageGuard group={group} page={page}>
            <page.Component />
          </PageGuard>
        ),
      })),
    ),
    { path: '*', element: <Navigate to="/settings/home" replace /> },
  ],
};
