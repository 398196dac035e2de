/**
 * A small stroke icon set (16×16 viewBox). Icons are decorative: meaning is always carried by
 * visible or screen-reader text next to them.
 */
const PATHS = {
  lock: 'M4.5 7V5a3.5 3.5 0 0 1 7 0v2 M3.5 7h9v7h-9z',
  mergeRequest:
    'M4 1.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M4 11.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M12 11.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M4 4.5v7 M12 11.5V6a2 2 0 0 0-2-2H7 M8.5 2.5 7 4l1.5 1.5',
  merged:
    'M4 1.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M4 11.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M12 6.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M4 4.5v7 M4 5c0 2.5 2.5 3 6.5 3',
  branch:
    'M4 1.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M4 11.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M12 3a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z M4 4.5v7 M12 6c0 3-3 3.5-7 5.5',
  creditCard: 'M1.5 3.5h13v9h-13z M1.5 6.5h13 M4 10h3',
  spam: 'M5.5 1.5h5l4 4v5l-4 4h-5l-4-4v-5z M8 4.5v4 M8 11v.5',
  lockOpen: 'M4.5 7V5a3.5 3.5 0 0 1 6.8-1.2 M3.5 7h9v7h-9z',
  shield: 'M8 1.5 13.5 3.5v4c0 3.2-2.3 5.8-5.5 7-3.2-1.2-5.5-3.8-5.5-7v-4z',
  earth:
    'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z M1.5 8h13 M8 1.5c2 2 2.5 4.2 2.5 6.5S10 12.5 8 14.5 M8 1.5C6 3.5 5.5 5.7 5.5 8S6 12.5 8 14.5',
  eyeSlash:
    'M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8 12.1 12.5 8 12.5 1.5 8 1.5 8z M6 8a2 2 0 0 0 4 0 M2.5 2.5l11 11',
  incident: 'M8 1.8 14.6 13.5H1.4z M8 6v3.5 M8 11.3v.4',
  warning: 'M8 1.8 14.6 13.5H1.4z M8 6v3.5 M8 11.3v.4',
  task: 'M2.5 2.5h11v11h-11z M5 8.2l2 2 4-4.2',
  search: 'M7 2a5 5 0 1 0 0 10a5 5 0 1 0 0-10z M10.6 10.6 14 14',
  close: 'M3.5 3.5l9 9 M12.5 3.5l-9 9',
  sun: 'M8 5a3 3 0 1 0 0 6a3 3 0 1 0 0-6z M8 .8v1.8 M8 13.4v1.8 M.8 8h1.8 M13.4 8h1.8 M2.9 2.9l1.3 1.3 M11.8 11.8l1.3 1.3 M2.9 13.1l1.3-1.3 M11.8 4.2l1.3-1.3',
  moon: 'M13.5 10A6 6 0 0 1 6 2.5a6 6 0 1 0 7.5 7.5z',
  question:
    'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z M6 6.2a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.3v.4 M8 11.4v.4',
  chevronDown: 'M4 6l4 4 4-4',
  chevronRight: 'M6 4l4 4-4 4',
  chevronLeft: 'M10 4 6 8l4 4',
  calendar: 'M2.5 3.5h11v10h-11z M2.5 6.5h11 M5.5 2v3 M10.5 2v3',
  clock: 'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z M8 4.5V8l2.5 1.5',
  ellipsisV:
    'M8 2.7a.9.9 0 1 0 0 1.8a.9.9 0 1 0 0-1.8z M8 7.1a.9.9 0 1 0 0 1.8a.9.9 0 1 0 0-1.8z M8 11.5a.9.9 0 1 0 0 1.8a.9.9 0 1 0 0-1.8z',
  video: 'M1.5 4.5h9v7h-9z M10.5 7l4-2.5v7l-4-2.5',
  weight: 'M4 5.5h8l1.5 8h-11z M6.3 5.5a1.7 1.7 0 1 1 3.4 0',
  milestone: 'M8 1.5 13 8l-5 6.5L3 8z',
  epic: 'M2.5 4.5h11 M2.5 8h11 M2.5 11.5h7',
  issues: 'M8 2a6 6 0 1 0 0 12a6 6 0 1 0 0-12z M8 7a1 1 0 1 0 0 2a1 1 0 1 0 0-2z',
  group:
    'M5.5 3a2 2 0 1 0 0 4a2 2 0 1 0 0-4z M11 4a1.7 1.7 0 1 0 0 3.4a1.7 1.7 0 1 0 0-3.4z M1.5 13.5c0-2.4 1.8-4 4-4s4 1.6 4 4 M10 9.6c2.4-.4 4.5 1 4.5 3.9',
  project: 'M2 3.5h4.5L8 5h6v8H2z',
  environment: 'M2.5 2.5h11V7h-11z M2.5 9h11v4.5h-11z M5 4.75h.1 M5 11.25h.1 M8 4.75h3 M8 11.25h3',
  stop: 'M4 4h8v8H4z',
  external: 'M9.5 2.5h4v4 M13.5 2.5 7.5 8.5 M11.5 9.5v4h-9v-9h4',
  overview: 'M2 7.5 8 2.5l6 5 M3.5 6.5v7h3.5v-4h2v4h3.5v-7',
  sidebar: 'M2 2.5h12v11H2z M6 2.5v11',
  label: 'M1.8 2.5h5.5l6.9 6.9-5.2 5.2-6.9-6.9z M5 5.2a.5.5 0 1 0 0 .1',
  roadmap: 'M2 3.5h7 M2 8h12 M5 12.5h6',
  chart: 'M2 2v11.5h12 M5 11V8 M8 11V4.5 M11 11V6.5',
  signOut: 'M6 2.5H2.5v11H6 M10 5l3 3-3 3 M13 8H6',
  monitor: 'M1.5 2.5h13v8.5h-13z M5.5 14h5 M8 11v3',
  mobile: 'M4.5 1.5h7v13h-7z M7.5 12.5h1',
  user: 'M8 2a3 3 0 1 0 0 6a3 3 0 1 0 0-6z M2.5 14.5c.5-3 2.8-4.5 5.5-4.5s5 1.5 5.5 4.5',
  keyboard: 'M1.5 4h13v8h-13z M4 6.5h.1 M6.5 6.5h.1 M9 6.5h.1 M11.5 6.5h.1 M4.5 9.5h7',
  settings:
    'M8 5.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z M8 1v2 M8 13v2 M1 8h2 M13 8h2 M3 3l1.4 1.4 M11.6 11.6 13 13 M3 13l1.4-1.4 M11.6 4.4 13 3',
  zoomIn: 'M7 2a5 5 0 1 0 0 10a5 5 0 1 0 0-10z M10.6 10.6 14 14 M5 7h4 M7 5v4',
  zoomOut: 'M7 2a5 5 0 1 0 0 10a5 5 0 1 0 0-10z M10.6 10.6 14 14 M5 7h4',
  maximize: 'M2 6V2h4 M10 2h4v4 M14 10v4h-4 M6 14H2v-4',
  minimize: 'M6 2v4H2 M14 6h-4V2 M10 14v-4h4 M2 10h4v4',
  fit: 'M1.5 8h13 M4 5.5 1.5 8 4 10.5 M12 5.5l2.5 2.5-2.5 2.5 M1.5 2v12 M14.5 2v12',
  today: 'M8 1.5v13 M5 3.5h6 M5 12.5h6',
  blocked: 'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z M3.4 3.4l9.2 9.2',
  download: 'M8 2v8 M4.5 6.5 8 10l3.5-3.5 M2.5 13.5h11',
  trash: 'M2.5 4h11 M6 4V2.5h4V4 M4 4l.7 9.5h6.6L12 4 M6.8 6.5v4.5 M9.2 6.5v4.5',
  pencil: 'M10.5 2.5l3 3-8 8H2.5v-3z M9 4l3 3',
  eye: 'M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8 12.1 12.5 8 12.5 1.5 8 1.5 8z M8 6a2 2 0 1 0 0 4a2 2 0 1 0 0-4z',
  notifications: 'M4 11.5V7a4 4 0 0 1 8 0v4.5l1.5 1.5h-11z M6.5 13.5a1.5 1.5 0 0 0 3 0',
  notificationsOff: 'M4 11.5V7a4 4 0 0 1 8 0v4.5l1.5 1.5h-11z M6.5 13.5a1.5 1.5 0 0 0 3 0 M2 2l12 12',
  copy: 'M5.5 5.5h8v8h-8z M10.5 5.5v-3h-8v8h3',
  check: 'M3 8.5l3 3 7-7',
  star: 'M8 1.5l2 4.2 4.5.6-3.3 3.1.8 4.5L8 11.7l-4 2.2.8-4.5-3.3-3.1 4.5-.6z',
  arrowUp: 'M8 13.5v-11 M4 6.5l4-4 4 4',
  arrowDown: 'M8 2.5v11 M4 9.5l4 4 4-4',
  grip: 'M6 3.5h.1 M10 3.5h.1 M6 8h.1 M10 8h.1 M6 12.5h.1 M10 12.5h.1',
  todoAdd: 'M2.5 2.5h11v11h-11z M8 5.5v5 M5.5 8h5',
  todoDone: 'M2.5 2.5h11v11h-11z M5 8.2l2 2 4-4.2',
  stateOpen: 'M8 2a6 6 0 1 0 0 12a6 6 0 1 0 0-12z',
  stateClosed: 'M8 2a6 6 0 1 0 0 12a6 6 0 1 0 0-12z M5.5 8.2l1.8 1.8 3.2-3.5',
  smile:
    'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z M5.3 9.6s.9 1.4 2.7 1.4 2.7-1.4 2.7-1.4 M6 6.2v.4 M10 6.2v.4',
  comment: 'M2 3h12v8H6.5L3.5 13.5V11H2z',
  reply: 'M6.5 4 2.5 8l4 4 M2.5 8H10a3.5 3.5 0 0 1 3.5 3.5V13',
  link: 'M6.5 9.5l3-3 M7 4.5l1.2-1.2a2.5 2.5 0 0 1 3.5 3.5L10.5 8 M9 11.5l-1.2 1.2a2.5 2.5 0 0 1-3.5-3.5L5.5 8',
  resolve: 'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z M5 8.2l2 2 4-4.2',
  paperclip: 'M13 7.5 8 12.5a3.2 3.2 0 0 1-4.5-4.5l5.5-5.5a2.1 2.1 0 0 1 3 3L6.5 11a1 1 0 0 1-1.5-1.5L10 4.5',
} as const;

/** The path data, also drawn by the canvas (src/client/canvas/treeIcons.ts). */
export const ICON_PATHS: Readonly<Record<IconName, string>> = PATHS;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
