/**
 * A single sign-on that did not sign anyone in, with the kind the login page explains
 * (`/login?sso_error=<kind>`, OIDC_ERROR_KINDS in the contract; DECISIONS.md #81).
 */
import type { OidcErrorKind } from '@mindspend/api-contract';

export class OidcFailure extends Error {
  constructor(
    readonly kind: OidcErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcFailure';
  }
}
