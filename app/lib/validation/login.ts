import { z } from "zod";
import { isValidEmail } from "./common";

/** At least 8; a lowercase, an uppercase, a digit and one of @$!%*?&; only those classes. */
export const SIGNUP_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,128}$/;
export const MAX_CLIENT_LOGIN_FAILURES = 5;
/** The link works once. */
export const PASSWORD_RESET_MINUTES = 30;
export const PASSWORD_RULE_HINT =
  "At least 8 characters, with an uppercase letter, a lowercase letter, a digit and one of @ $ ! % * ? &. No spaces or other symbols.";

export const loginToasts = {
  tooMany: { title: "Too many attempts", description: "Please wait before trying again.", variant: "destructive" },
  invalidEmail: {
    title: "Invalid email",
    description: "Please enter a valid email address.",
    variant: "destructive",
  },
  weakPassword: {
    title: "Password requirements not met",
    description: "Password must be at least 8 characters with uppercase, lowercase, number, and special character.",
    variant: "destructive",
  },
  invalidCredentials: {
    title: "Authentication failed",
    description: "Invalid email or password",
    variant: "destructive",
  },
  failed: { title: "Authentication failed. Please try again.", variant: "destructive" },
  /** Not in the spec: the database is down (not counted as a failure). */
  unavailable: {
    title: "Sign-in is unavailable right now",
    description:
      "We can't reach our database, so nothing was checked and this attempt does not count. Please try again in a minute or two.",
    variant: "destructive",
  },
  /** Not in the spec: too many password checks at once; not counted. */
  busy: {
    title: "Sign-in is busy right now",
    description: "Too many sign-ins are being checked at this moment. Please try again in a few seconds.",
    variant: "destructive",
  },
  unconfirmed: {
    title: "Please confirm your email first",
    description:
      "Your email address is not confirmed yet. We have sent you a new confirmation link; open it, then sign in.",
    variant: "destructive",
  },
  missing: {
    title: "Authentication failed",
    description: "You must provide either an email or phone number and a password.",
    variant: "destructive",
  },
  accountCreated: {
    title: "Account created!",
    description: "Please check your email to verify your account. Admin approval may be required.",
    variant: "success",
  },
  emailConfirmed: {
    title: "Email confirmed",
    description:
      "Your email address is confirmed. You can sign in now; an administrator grants you access to the staff pages.",
    variant: "success",
  },
  passwordReset: {
    title: "Password changed",
    description: "Your new password is set and your account was signed out everywhere. Sign in with the new password.",
    variant: "success",
  },
  invitationAccepted: {
    title: "Welcome aboard",
    description: "Your account is ready. Sign in with your e-mail address and the password you just chose.",
    variant: "success",
  },
  twoFactorExpired: {
    title: "Please sign in again",
    description: "The second step of your sign-in took longer than 10 minutes.",
    variant: "destructive",
  },
  confirmationFailed: {
    title: "This confirmation link is not valid or has expired",
    description: "Sign in with your email and password and we will send you a new link.",
    variant: "destructive",
  },
} as const;

export type LoginMode = "login" | "signup";

export type LoginProblem = keyof typeof loginToasts;

const isLoginProblem = (value: unknown): value is LoginProblem => typeof value === "string" && value in loginToasts;

export const loginSchema = z
  .object({
    mode: z.enum(["login", "signup"]).catch("login"),
    // conform turns an empty field into undefined.
    email: z.string().trim().optional(),
    password: z.string().optional(),
  })
  .superRefine(({ mode, email, password }, context) => {
    const problem: LoginProblem | null =
      !email || !password || email.length > 255 || password.length > 128 // too long: as unusable as missing
        ? "missing"
        : !isValidEmail(email) // the shared address rule (the spec's pattern let `a@b..co` through)
          ? "invalidEmail"
          : mode === "signup" && !SIGNUP_PASSWORD_PATTERN.test(password)
            ? "weakPassword"
            : null;
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => ({ mode: value.mode, email: value.email ?? "", password: value.password ?? "" }));

export function loginProblemOf(errors: Record<string, string[] | null> | null | undefined): LoginProblem | null {
  if (!errors) return null;
  const first = errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0];
  return isLoginProblem(first) ? first : "missing";
}

export function loginProblem(mode: LoginMode, input: { email: string; password: string }): LoginProblem | null {
  const parsed = loginSchema.safeParse({
    mode,
    email: input.email || undefined,
    password: input.password || undefined,
  });
  if (parsed.success) return null;
  const first = parsed.error.issues[0]?.message;
  return isLoginProblem(first) ? first : "missing";
}

/** Spec: sign-up data full_name is the part of the e-mail before the @. */
export function fullNameFromEmail(email: string): string {
  return email.trim().split("@")[0] ?? "";
}
