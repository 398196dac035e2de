/** The home page: the visitor's groups. */
export { HomePage } from './HomePage.tsx';
