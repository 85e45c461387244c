/* The accounts feature's face to other features (admin users, the admin session): see docs/accounts-and-roles.md. */
export { issueLinkToken, retireLinkTokensOfUser, setPasswordHash } from './accounts.repository';
export { toCurrentUser } from './accounts.service';
export { MAGIC_LINK_MINUTES, magicLinkUrl } from './emails';
