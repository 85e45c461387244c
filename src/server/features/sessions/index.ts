/* Sessions, for the features that end them (password change, role change, sign-out everywhere). */
export { deleteSessionsOfUser } from './sessions.repository';
