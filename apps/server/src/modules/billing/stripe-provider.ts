/**
 * Stripe behind the PaymentProvider interface (DECISIONS.md #10), spoken to over its REST API
 * with Node's fetch: three small calls do not justify the SDK. The card is tokenized in the
 * browser by Stripe.js into a PaymentMethod (DECISIONS.md #30): this server receives only its id,
 * never a card number, which keeps it out of PCI DSS scope beyond SAQ A.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { callProvider, succeeded } from '../../lib/provider-http';
import {
  type CardEntry,
  type PaymentDetails,
  PaymentDeclined,
  type PaymentProvider,
  type PaymentResult,
  isTokenized,
} from './payment-provider';

export const STRIPE_API_BASE = 'https://api.stripe.com';
export const STRIPE_JS_DEFAULT_URL = 'https://js.stripe.com/clover/stripe.js';

/** Said to a client that sends card fields while Stripe is on; the card goes to Stripe.js only. */
export const RAW_CARD_REFUSED =
  'Card details are entered in the secure card field and go to Stripe only: send stripe_token, never card_number, card_csc or card_expiration.';
/** A PaymentMethod id Stripe does not know (made with another account's key, or made up). */
export const UNKNOWN_PAYMENT_METHOD = 'Your card could not be found at the payment service; please enter it again.';
/** Long enough for a card network's authorization, short enough that the person is not left waiting. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Where the provider reports what it could not tidy up (the app's logger in production). */
export interface StripeLogger {
  warn(details: object, message: string): void;
}

export interface StripeProviderOptions {
  secretKey: string;
  /** Given to the browser's Stripe.js, which tokenizes the card with it. */
  publishableKey: string;
  /** Where the page loads Stripe.js from (Stripe's own unless a stand-in is configured). */
  jsUrl?: string;
  /** The Stripe price of the paid plan (9.99/month); it, not `amountCents`, sets what is charged. */
  priceId: string;
  /** Tests point this at a local fake. */
  apiBase?: string;
  timeoutMs?: number;
  logger?: StripeLogger;
}

const withId = z.object({ id: z.string() });
const paymentMethodSchema = z.object({ id: z.string(), card: z.object({ last4: z.string() }) });
const subscriptionSchema = z.object({ id: z.string(), status: z.string() });
const errorSchema = z.object({
  error: z.object({
    type: z.string().optional(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
  }),
});

/** Subscription states in which the first month has been paid (or needs no payment yet). */
const PAID_STATUSES = new Set(['active', 'trialing']);

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly cardEntry: CardEntry;
  private readonly apiBase: string;
  private readonly timeoutMs: number;
  private readonly logger: StripeLogger;

  constructor(private readonly options: StripeProviderOptions) {
    this.apiBase = (options.apiBase ?? STRIPE_API_BASE).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.logger = options.logger ?? { warn: (details, message) => console.warn(message, details) };
    this.cardEntry = {
      kind: 'stripe-elements',
      publishableKey: options.publishableKey,
      jsUrl: options.jsUrl ?? STRIPE_JS_DEFAULT_URL,
      apiUrl: this.apiBase,
    };
  }

  /**
   * Attaches the browser's PaymentMethod to a new customer and subscribes it to the plan's price.
   * The amount charged is the Stripe price's (STRIPE_PRICE_ID), so `_amountCents` is not sent.
   */
  async subscribe(payment: PaymentDetails, _amountCents: number): Promise<PaymentResult> {
    // Card fields are refused by the routes before validation (card-entry.ts); should one get
    // this far, it is refused again here rather than forwarded.
    if (!isTokenized(payment)) throw new PaymentDeclined(RAW_CARD_REFUSED);
    const name = `${payment.firstName} ${payment.lastName}`.trim();
    const method = paymentMethodSchema.parse(await this.findPaymentMethod(payment.token));
    const customer = withId.parse(
      await this.request('POST', '/v1/customers', {
        email: payment.email,
        name,
        payment_method: method.id,
        'invoice_settings[default_payment_method]': method.id,
        'address[postal_code]': payment.postal,
      }),
    );
    try {
      const subscription = subscriptionSchema.parse(
        await this.request('POST', '/v1/subscriptions', {
          customer: customer.id,
          'items[0][price]': this.options.priceId,
          // A declined first charge fails this call instead of leaving an unpaid subscription.
          payment_behavior: 'error_if_incomplete',
        }),
      );
      if (!PAID_STATUSES.has(subscription.status)) {
        throw new Error(`Stripe subscription ${subscription.id} is ${subscription.status}, not paid`);
      }
      return { customerRef: customer.id, subscriptionRef: subscription.id, cardLast4: method.card.last4 };
    } catch (error) {
      // Deleting the customer also ends any subscription it has, so nothing renews for no account.
      await this.deleteCustomer(customer.id);
      throw error;
    }
  }

  async cancel(subscriptionRef: string): Promise<void> {
    try {
      await this.request('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionRef)}`, {
        cancel_at_period_end: 'true',
      });
    } catch (error) {
      // Stripe does not know it (already deleted there, or recorded by another provider): nothing renews.
      if (error instanceof StripeApiError && error.code === 'resource_missing') return;
      throw error;
    }
  }

  /** The PaymentMethod Stripe.js made in the browser; one Stripe does not know is the person's to re-enter. */
  private async findPaymentMethod(id: string): Promise<unknown> {
    try {
      return await this.request('GET', `/v1/payment_methods/${encodeURIComponent(id)}`);
    } catch (error) {
      if (error instanceof StripeApiError && error.code === 'resource_missing') {
        throw new PaymentDeclined(UNKNOWN_PAYMENT_METHOD);
      }
      throw error;
    }
  }

  private async deleteCustomer(customerId: string): Promise<void> {
    try {
      await this.request('DELETE', `/v1/customers/${encodeURIComponent(customerId)}`);
    } catch (error) {
      this.logger.warn(
        { customerId, err: error instanceof Error ? error.message : String(error) },
        'Stripe customer left behind after a failed subscription; delete it in the Stripe dashboard',
      );
    }
  }

  /** One call to Stripe; answers its JSON or throws PaymentDeclined (card errors) or an Error for the log. */
  private async request(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    form?: Record<string, string>,
  ): Promise<unknown> {
    const what = `Stripe ${method} ${path}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.secretKey}` };
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      // One key per logical call: should this request be sent again, Stripe answers the first result.
      headers['idempotency-key'] = randomUUID();
    }
    const answer = await callProvider(
      what,
      `${this.apiBase}${path}`,
      { method, headers, body: form ? new URLSearchParams(form).toString() : undefined },
      this.timeoutMs,
    );
    const { status, body } = answer;
    if (succeeded(answer)) return body;
    const failure = errorSchema.safeParse(body);
    if (!failure.success) throw new Error(`${what} answered ${status} without a Stripe error body`);
    const { type, code, decline_code: declineCode, message } = failure.data.error;
    // Stripe writes card errors' messages for the card holder; everything else is for the log.
    if (type === 'card_error') throw new PaymentDeclined(message ?? 'Your card was declined.');
    throw new StripeApiError(
      `${what} answered ${status} ${type ?? 'error'}/${code ?? declineCode ?? '-'}: ${message ?? ''}`,
      code,
    );
  }
}

/** A refusal by Stripe that is not about the card: a configuration or service problem. */
export class StripeApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }
}
