/**
 * What the users module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { assertCurrentPassword, type ReauthenticationSession } from './reauthentication';
export {
  newDeviceNotice,
  passkeyAddedNotice,
  personalTokenCreatedNotice,
  twoFactorOffNotice,
  twoFactorOnNotice,
} from './security-notices';
export { normalizeEmail, presentUser } from './user.presenter';
export { findUserByEmail, findUserById, insertUser, updateUser } from './users.repo';
