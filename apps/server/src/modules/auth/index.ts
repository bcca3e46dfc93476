/**
 * What the auth module offers the other modules: they import it from here, never from its files
 * (a rule of `npm run lint`, ARCHITECTURE.md). Single sign-on (modules/oidc) makes accounts and
 * signs people in through these, exactly as the password forms do (DECISIONS.md #81).
 */
export { createAccount, issueToken, signIn, type IssuedToken, type NewAccount } from './auth.service';
export { type SignInClient, signInClient } from './sign-in-client';
export { assertMaySignUpInvitedBy } from './signup-policy';
