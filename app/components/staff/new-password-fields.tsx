import { Field, Input } from "~/components/ui/form";
import { PASSWORD_RULE_HINT } from "~/lib/validation/login";

/** A new password typed twice, with the rule shown before the first attempt (reset and change). */
export function NewPasswordFields({ errors }: { errors?: { password?: string; confirm?: string } }) {
  return (
    <>
      <Field id="new-password" label="New password" hint={PASSWORD_RULE_HINT} error={errors?.password} required>
        {(aria) => <Input {...aria} name="password" type="password" autoComplete="new-password" />}
      </Field>
      <Field id="confirm-password" label="Confirm new password" error={errors?.confirm} required>
        {(aria) => <Input {...aria} name="confirm" type="password" autoComplete="new-password" />}
      </Field>
    </>
  );
}
