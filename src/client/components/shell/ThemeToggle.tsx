import { useTheme } from '../../state/index.ts';
import { Button } from '../../ui/index.ts';

/** Switches between light and dark; the choice is remembered in localStorage. */
export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    <Button
      variant="tertiary"
      icon={dark ? 'sun' : 'moon'}
      iconOnly
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={toggle}
      data-testid="theme-toggle"
      data-theme-current={theme}
    />
  );
}
