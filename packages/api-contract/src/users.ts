/** The signed-in user, settings, subscription, notifications and the current month. */
import { z } from 'zod';
import { MAX_SECOND_LOOK_DAYS, MESSAGES, PLANS, SECOND_LOOK_DAYS_MESSAGE, isValidEmail, validateChangePassword } from '@mindspend/domain';
import { addFieldErrors, optionalText } from './common';
import { timeZoneField } from './time-zone';
import { MAX_ID } from './ledger-common';

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  plan: z.enum(PLANS),
  /** Non-null means the paid plan (spec §3). */
  stripe_id: z.string().nullable(),
  /** The paid-plan flag the navigation reads. */
  is_paid: z.boolean(),
  finished_budget_suggestions: z.number().int(),
  /** The person's time zone (DECISIONS.md #85): every "today" and month boundary follows its clock. */
  time_zone: z.string(),
  /**
   * The zone's offset from UTC in hours as of the answer (DECISIONS.md #13, kept for older
   * clients): it changes with daylight saving time, so compute dates from `time_zone` instead.
   */
  timezone: z.number(),
  /** Days after an expense before its second look; null: the second look is off. */
  second_look_days: z.number().int().nullable(),
  /** The monthly reflection e-mail is on (opt-in, DECISIONS.md #59). */
  reflection_email: z.boolean(),
  created_at: z.string(),
  /** Two-factor sign-in is on (DECISIONS.md #28). */
  two_factor_enabled: z.boolean(),
  /**
   * False for an account single sign-on made, until a password is set (DECISIONS.md #81): its
   * sensitive changes are confirmed by a fresh sign-in instead.
   */
  has_password: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const updateUserBody = z
  .object({
    email: optionalText(),
    first_name: optionalText(100).nullable(),
    last_name: optionalText(100).nullable(),
    /** The person's time zone, e.g. `Europe/Berlin` (DECISIONS.md #85). */
    time_zone: timeZoneField().optional(),
    /**
     * Older clients' fixed offset from UTC in hours: stored as the zone that keeps it
     * (`Etc/GMT+5` for -5); `time_zone` wins when both are sent.
     */
    timezone: z.number().min(-12).max(14).optional(),
    /** One sentence for every wrong value (a type message would not say what is allowed). */
    second_look_days: z
      .custom<number | null>(
        (value) => value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SECOND_LOOK_DAYS),
        SECOND_LOOK_DAYS_MESSAGE,
      )
      .optional(),
    /** Turns the monthly reflection e-mail on or off (DECISIONS.md #59). */
    reflection_email: z.boolean().optional(),
    /** Required when `email` changes it (re-authentication, DECISIONS.md #29). */
    current_password: optionalText(1024),
  })
  .superRefine((body, ctx) => {
    if (body.email !== undefined && !isValidEmail(body.email.trim())) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailInvalid });
    }
  });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** DELETE /users/{id}: deleting the account asks for the password again (DECISIONS.md #29). */
export const deleteUserBody = z.preprocess(
  // A client that sends no body gets the password's 422, not a complaint about the body.
  (body) => body ?? {},
  z.object({ current_password: optionalText(1024) }),
);
export type DeleteUserBody = z.infer<typeof deleteUserBody>;

export const changePasswordBody = z
  .object({
    current_password: optionalText(1024),
    new_password: optionalText(1024),
    new_password_confirmation: optionalText(1024),
    /** Also revoke every personal access token (issue 28): what a person wants when they suspect a theft. */
    revoke_personal_tokens: z.boolean({ message: 'Revoke personal tokens must be true or false.' }).optional(),
  })
  .superRefine((body, ctx) => addFieldErrors(ctx, validateChangePassword(body)));
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const subscriptionSchema = z.object({
  plan: z.enum(PLANS),
  label: z.string(),
  amount: z.number(),
  status: z.enum(['active', 'canceled']),
  card_last4: z.string().nullable(),
  promo_code: z.string().nullable(),
  renews_at: z.string().nullable(),
  /** End of the paid term of a cancelled plan: paid features stop then. */
  ends_at: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponse = z.object({ notifications: z.array(notificationSchema) });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/**
 * POST /notifications/read: the notifications the person has seen, up to and including the newest
 * one the list showed them, are marked read. One arriving while they looked stays unread.
 */
export const notificationsReadBody = z.object({
  up_to_id: z.number().int().min(1).max(MAX_ID),
});
export type NotificationsReadBody = z.infer<typeof notificationsReadBody>;

export const monthResponse = z.object({
  date: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  day: z.number().int(),
});
export type MonthResponse = z.infer<typeof monthResponse>;

