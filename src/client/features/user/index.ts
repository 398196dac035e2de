/** A user's profile page. */
export { UserProfilePage } from './UserProfilePage.tsx';
