import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field, Input } from "~/components/ui/form";
import { PASSWORD_RULE_HINT } from "~/lib/validation/login";

type PasswordField = FieldMetadata<string, Record<string, unknown>, string[]>;

/** The rule shows before the first attempt. */
export function NewPasswordFields({ password, confirm }: { password: PasswordField; confirm: PasswordField }) {
  return (
    <>
      <Field id={password.id} label="New password" hint={PASSWORD_RULE_HINT} error={password.errors?.[0]} required>
        {(aria) => <Input {...getInputProps(password, { type: "password" })} {...aria} autoComplete="new-password" />}
      </Field>
      <Field id={confirm.id} label="Confirm new password" error={confirm.errors?.[0]} required>
        {(aria) => <Input {...getInputProps(confirm, { type: "password" })} {...aria} autoComplete="new-password" />}
      </Field>
    </>
  );
}
