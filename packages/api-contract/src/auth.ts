/** Sign-in, sign-up, sign-out and password reset (spec §7). */
import { z } from 'zod';
import {
  CONTACT_REASON_VALUES,
  DEFAULT_TIME_ZONE,
  PLANS,
  localDateIn,
  requestedTimeZone,
  validateContact,
  validateForgotPassword,
  validateLogin,
  validateRegistration,
  validateResetPassword,
} from '@mindspend/domain';
import { LONG_TEXT_MAX, addFieldErrors, optionalText } from './common';
import { referenceId } from './ledger-common';
import { timeZoneField } from './time-zone';
import { userSchema } from './users';

/** Who may create an account on this server (`SIGNUP`, issue 28). */
export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
export const SIGNUP_CLOSED = 'New accounts cannot be created on this server.';
export const SIGNUP_BY_INVITATION = 'This server creates accounts by invitation only: ask a member to invite you to their book.';

/** Minutes after a sign-in during which the session itself confirms a sensitive change (DECISIONS.md #81). */
export const FRESH_SIGN_IN_MINUTES = 5;
/** 422 under `current_password` for an account with no password whose sign-in is not fresh. */
export const SIGN_IN_AGAIN_TO_CONFIRM =
  'Your account has no password: sign out and in again, then confirm within 5 minutes of signing in; or set a password with “Forgot password” on the sign-in page.';

/**
 * GET /auth/config: what the sign-in and sign-up pages offer on this server: who may sign up,
 * whether passwords sign in (false with OIDC_ONLY), and the single sign-on button when it is set
 * up (DECISIONS.md #81).
 */
export const authConfigResponse = z.object({
  signup: z.enum(SIGNUP_MODES),
  password: z.boolean(),
  oidc: z.object({ label: z.string() }).nullable(),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponse>;

export const loginBody = z
  .object({ email: optionalText(), password: optionalText(1024), one_time_password: optionalText(64) })
  .superRefine((body, ctx) => addFieldErrors(ctx, validateLogin(body)));
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z
  .object({
    plan: z.enum(PLANS).default('free'),
    promo: z.boolean().default(false),
    code: optionalText(64),
    email: optionalText(),
    password: optionalText(1024),
    password_confirmation: optionalText(1024),
    /** The browser's time zone (DECISIONS.md #85); without it, the zone keeping `timezone`'s offset. */
    time_zone: timeZoneField().optional(),
    /** Older clients' offset from UTC in hours (spec §3), used when `time_zone` is not sent. */
    timezone: z.number().min(-24).max(24).default(0),
    first_name: optionalText(100),
    last_name: optionalText(100),
    card_number: optionalText(32),
    card_csc: optionalText(8),
    card_expiration: optionalText(8),
    postal: optionalText(16),
    stripe_token: optionalText(),
    /** With `SIGNUP=invite`: the token of the invitation link the visitor came from. */
    invitation_token: optionalText(200),
  })
  .superRefine((body, ctx) =>
    // A card's expiry is checked against the person's own today.
    addFieldErrors(ctx, validateRegistration(body, localDateIn(requestedTimeZone(body) ?? DEFAULT_TIME_ZONE, new Date()))),
  );
export type RegisterBody = z.input<typeof registerBody>;

export const authResponse = z.object({ api_token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponse>;

export const forgotPasswordBody = z
  .object({ email: optionalText() })
  .superRefine((body, ctx) => addFieldErrors(ctx, validateForgotPassword(body)));
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    email: optionalText(),
    password: optionalText(1024),
    password_confirmation: optionalText(1024),
    token: optionalText(128),
  })
  .superRefine((body, ctx) => addFieldErrors(ctx, validateResetPassword(body)));
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const contactBody = z
  .object({
    // The form's unselected reason arrives as '': the rule below answers it as missing.
    reason: z.union([z.enum(CONTACT_REASON_VALUES), z.literal('')]).optional(),
    body: optionalText(LONG_TEXT_MAX),
    email: optionalText(),
  })
  .superRefine((body, ctx) => addFieldErrors(ctx, validateContact(body)));
export type ContactBody = z.infer<typeof contactBody>;

/** A signed-in device in Settings (DECISIONS.md #27): never the token or its hash. */
export const sessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The client address of the latest use (or of the sign-in); null for sessions older than that (issue 36). */
  last_address: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionsResponse = z.array(sessionSchema);

/** POST /user/sessions/sign-out: these sessions end (a device's, issue 36); this browser's own stays. */
export const signOutSessionsBody = z.object({
  session_ids: z
    .array(referenceId('The selected session does not exist.'))
    .min(1, 'Choose at least one session to sign out.')
    .max(500, 'Sign out at most 500 sessions at once.'),
});
export type SignOutSessionsBody = z.infer<typeof signOutSessionsBody>;

/** Sign-in of a user with two-factor on, before the code (DECISIONS.md #28): no token yet. */
export const twoFactorRequiredResponse = z.object({ two_factor_required: z.literal(true) });
export const loginResponse = z.union([authResponse, twoFactorRequiredResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * POST /user/two-factor: setting it up asks for the password again (DECISIONS.md #75). A client
 * that sends no body gets the password's 422, not a complaint about the body.
 */
export const startTwoFactorBody = z.preprocess((body) => body ?? {}, z.object({ current_password: optionalText(1024) }));
export type StartTwoFactorBody = z.infer<typeof startTwoFactorBody>;
export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;
export const confirmTwoFactorBody = z.object({ code: optionalText(64) });
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;
export const turnOffTwoFactorBody = z.object({ current_password: optionalText(1024), code: optionalText(64) });
