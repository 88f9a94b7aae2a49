import { PasswordField } from './PasswordField';
import { PasswordRules } from './PasswordRules';
import type { FormFieldProps } from './fields';

interface Props {
  /** `form.field(…)` of the new password and of its confirmation (the labels differ by screen). */
  password: FormFieldProps;
  confirm: FormFieldProps;
  testIds: { password: string; confirm: string };
  autoFocus?: boolean;
  /** Show every unmet rule under the new password instead of its first error (settings dialog). */
  ruleList?: boolean;
}

/** A new password and its confirmation; both are `new-password` for password managers. */
export function NewPasswordFields({ password, confirm, testIds, autoFocus, ruleList }: Props) {
  return (
    <>
      <PasswordField
        {...password}
        {...(ruleList && { error: false, helperText: undefined })}
        autoComplete="new-password"
        testId={testIds.password}
        required
        autoFocus={autoFocus}
      />
      {ruleList && <PasswordRules password={password.value} />}
      <PasswordField {...confirm} autoComplete="new-password" testId={testIds.confirm} required />
    </>
  );
}
