/**
 * Push nudges (issue 30, DECISIONS.md #103): each device a person allows subscribes with the
 * server's VAPID public key; when imported or bank-synced expenses land without a feeling, every
 * device of theirs is asked "how did that feel?", and a feeling chosen on the notification is
 * recorded with a short-lived token for that one purchase, without opening the app.
 */
import { FEELING_VALUES } from '@mindspend/domain';
import { z } from 'zod';
import { text } from './common';

/** Push services' endpoints are a few hundred characters; a longer one is not a push service's. */
export const PUSH_ENDPOINT_MAX = 2000;
/** A device label: the browser and system, as the page describes itself. */
export const PUSH_LABEL_MAX = 100;
/** Devices per person: enough for every phone and browser a person keeps; more is forgotten ones. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;
/** How long a nudge's feeling buttons keep working after it is sent. */
export const PUSH_ACTION_TOKEN_HOURS = 24;
export const DEFAULT_QUIET_START = '21:00';
export const DEFAULT_QUIET_END = '08:00';

export const PUSH_MESSAGES = {
  endpointRequired: 'The subscription has no endpoint: allow notifications in the browser again.',
  endpointInvalid: 'The endpoint must be a full https:// URL of a push service.',
  endpointTooLong: `The endpoint must be at most ${PUSH_ENDPOINT_MAX} characters.`,
  endpointPrivate: 'This endpoint is inside a private network (or this server itself); notifications are only sent to public push services.',
  p256dhInvalid: 'keys.p256dh must be the browser\'s public key: 65 bytes in base64url.',
  authInvalid: 'keys.auth must be the browser\'s secret: 16 bytes in base64url.',
  tooMany: `You have ${MAX_PUSH_SUBSCRIPTIONS} devices with notifications; remove one in Settings first.`,
  notFound: 'That device does not exist.',
  quietTime: 'Enter a time as HH:MM, from 00:00 to 23:59.',
  quietBoth: 'Give both the start and the end of quiet hours, or neither.',
  tokenInvalid: 'This notification has expired or was already answered. Open Mindspend to record the feeling.',
  tokenOtherPurchase: 'This notification is about another purchase.',
  pushOff: 'Notifications are not set up on this server: its administrator sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (README, Push notifications).',
} as const;

/** Base64url of exactly `bytes` bytes (the form PushSubscription.toJSON() gives), padded or not. */
// Refinements, not .regex: the server's 422 passes a refinement's message through as written
// (plugins/validation-messages.ts), and a missing field gets the usual 'is required' sentence.
const base64UrlOfBytes = (bytes: number, message: string) =>
  z
    .string()
    .refine((value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, message);

export const createPushSubscriptionBody = z.object({
  endpoint: z
    .string()
    .min(1, { message: PUSH_MESSAGES.endpointRequired, abort: true })
    .max(PUSH_ENDPOINT_MAX, { message: PUSH_MESSAGES.endpointTooLong, abort: true })
    .refine((value) => z.url({ protocol: /^https?$/ }).safeParse(value).success, PUSH_MESSAGES.endpointInvalid),
  keys: z.object({
    // An uncompressed P-256 point (0x04, x, y): the browser's key the payload is encrypted to.
    // Its first six bits, 000001, are the letter B.
    p256dh: base64UrlOfBytes(65, PUSH_MESSAGES.p256dhInvalid).refine((value) => value.startsWith('B'), PUSH_MESSAGES.p256dhInvalid),
    auth: base64UrlOfBytes(16, PUSH_MESSAGES.authInvalid),
  }),
  /** How the device names itself in Settings ("Chrome on Android"); made from the User-Agent when left out. */
  label: text(PUSH_LABEL_MAX).optional(),
});
export type CreatePushSubscriptionBody = z.input<typeof createPushSubscriptionBody>;

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The push service's host (the whole endpoint is a capability and is not shown again). */
  service: z.string(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
  /** When a nudge last reached the push service, ISO-8601 UTC. */
  last_sent_at: z.string().nullable(),
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionsResponse = z.object({ subscriptions: z.array(pushSubscriptionSchema) });

/** The server's VAPID public key (uncompressed P-256, base64url) for PushManager.subscribe. */
export const pushPublicKeyResponse = z.object({ public_key: z.string() });

const clockTime = z.string().refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value), PUSH_MESSAGES.quietTime);

/** Quiet hours in the person's time zone: nudges due inside them wait for their end. Null and null: none. */
export const pushSettingsSchema = z.object({
  quiet_start: clockTime.nullable(),
  quiet_end: clockTime.nullable(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const updatePushSettingsBody = pushSettingsSchema.refine(
  (body) => (body.quiet_start === null) === (body.quiet_end === null),
  { message: PUSH_MESSAGES.quietBoth, path: ['quiet_end'] },
);

/** A feeling chosen on a notification: the service worker sends the token the payload carried. */
export const pushFeelingBody = z.object({
  token: text(200),
  transaction_id: z.number().int().positive(),
  feeling: z.enum(FEELING_VALUES),
});
export type PushFeelingBody = z.infer<typeof pushFeelingBody>;

export const pushFeelingResponse = z.object({ transaction_id: z.number().int(), feeling: z.enum(FEELING_VALUES) });

/**
 * The encrypted payload a nudge carries to the service worker (JSON). One purchase: its words and
 * the feeling actions with their token; several: a count and the ledger to open.
 */
export const pushNudgePayload = z.object({
  kind: z.literal('feel'),
  title: z.string(),
  body: z.string(),
  /** Where a tap on the notification opens. */
  url: z.string(),
  /** Present when the nudge is about one purchase: the feeling buttons answer it. */
  action: z
    .object({ transaction_id: z.number().int(), token: z.string() })
    .optional(),
});
export type PushNudgePayload = z.infer<typeof pushNudgePayload>;
