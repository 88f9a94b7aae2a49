import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { MSG, systemNameOf } from '@fieldbook/domain';

export type MessageValues = Record<string, string | number>;

/**
 * Shows a message that may be an `app.*` id (translated) or a readable server text (shown as is).
 * A missing message, or an id this build does not know, becomes the generic app.error.occurred.
 */
export function translateMessage(intl: IntlShape, message: string | null | undefined, values?: MessageValues): string {
  if (!message) return intl.formatMessage({ id: MSG.errorOccurred });
  if (!message.startsWith('app.')) return message;
  if (!(message in intl.messages)) return intl.formatMessage({ id: MSG.errorOccurred });
  // app.non-empty names its field; without one it reads "This field".
  const field = values?.field ?? intl.formatMessage({ id: 'app.field.this' });
  return intl.formatMessage({ id: message }, { ...values, field });
}

/** `t(idOrText, values)` bound to the current locale. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (message: string | null | undefined, values?: MessageValues) => translateMessage(intl, message, values),
    [intl],
  );
}

/**
 * The name a folder or layer is shown with: a name the system gave it (the "Forms" folder, the
 * "Leaders" layer) in the user's language, any other name as it is.
 */
export function useDisplayName() {
  const intl = useIntl();
  return useCallback(
    (entity: { name: string; folderType?: string | null; serverName?: string | null }) => {
      const system = systemNameOf(entity);
      return system ? intl.formatMessage({ id: system.messageId }) + system.suffix : entity.name;
    },
    [intl],
  );
}
