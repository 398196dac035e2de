/** The top bar every page shares (brand, theme toggle, user menu, sign-in link). */
export { TopBar, type TopBarProps } from './TopBar.tsx';
