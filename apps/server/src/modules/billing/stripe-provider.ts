/**
 * Stripe behind the PaymentProvider interface (DECISIONS.md #10), spoken to over its REST API
 * with Node's fetch: three small calls do not justify the SDK. The sign-up form collects the card
 * itself, so the Stripe account must allow raw card data on the API.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { callProvider, succeeded } from '../../lib/provider-http';
import {
  type CardDetails,
  PaymentDeclined,
  type PaymentProvider,
  type PaymentResult,
} from './payment-provider';

export const STRIPE_API_BASE = 'https://api.stripe.com';
/** Long enough for a card network's authorization, short enough that the person is not left waiting. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Where the provider reports what it could not tidy up (the app's logger in production). */
export interface StripeLogger {
  warn(details: object, message: string): void;
}

export interface StripeProviderOptions {
  secretKey: string;
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
  private readonly apiBase: string;
  private readonly timeoutMs: number;
  private readonly logger: StripeLogger;

  constructor(private readonly options: StripeProviderOptions) {
    this.apiBase = (options.apiBase ?? STRIPE_API_BASE).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.logger = options.logger ?? { warn: (details, message) => console.warn(message, details) };
  }

  /** The amount charged is the Stripe price's (STRIPE_PRICE_ID), so `_amountCents` is not sent. */
  async subscribe(card: CardDetails, _amountCents: number): Promise<PaymentResult> {
    const [month = '', year = ''] = card.expiration.split('/').map((part) => part.trim());
    const name = `${card.firstName} ${card.lastName}`.trim();
    const method = paymentMethodSchema.parse(
      await this.request('POST', '/v1/payment_methods', {
        type: 'card',
        'card[number]': card.number.replace(/\D/g, ''),
        'card[exp_month]': month,
        // The form's MM/YY year; Stripe reads a four-digit year without guessing the century.
        'card[exp_year]': year.length === 2 ? `20${year}` : year,
        'card[cvc]': card.csc,
        'billing_details[name]': name,
        'billing_details[email]': card.email,
        'billing_details[address][postal_code]': card.postal,
      }),
    );
    const customer = withId.parse(
      await this.request('POST', '/v1/customers', {
        email: card.email,
        name,
        payment_method: method.id,
        'invoice_settings[default_payment_method]': method.id,
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
    method: 'POST' | 'DELETE',
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
