/**
 * @simplewebauthn/server, loaded with the first passkey ceremony: it brings the certificate and
 * ASN.1 libraries it verifies attestations with, about 700 KB of bundled source whose top level
 * registers schemas at import, which a server nobody adds a passkey on never needs. The server's
 * bundle makes it a chunk of its own (DECISIONS.md #119).
 */
export const webAuthn = () => import('@simplewebauthn/server');
