/** Line icons used by the navigation; decorative (the text beside them names the thing). */
const ICONS = {
  home: 'M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10',
  bike: 'M5.5 17.5a3.5 3.5 0 1 0 0-.01M18.5 17.5a3.5 3.5 0 1 0 0-.01M5.5 17.5 9 10h6l3.5 7.5M9 10 8 7H6m9 3-3 7.5h-6.5M15 10l-1-3h2',
  plus: 'M12 5v14M5 12h14',
  alarm: 'M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6ZM10 19a2 2 0 0 0 4 0',
  box: 'M3 8l9-5 9 5v8l-9 5-9-5V8Zm0 0 9 5 9-5M12 13v8',
  transfer: 'M4 8h14l-4-4M20 16H6l4 4',
  cart: 'M3 4h2l2.4 11h11L21 7H6M9 20h.01M18 20h.01',
  shield: 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z',
  chat: 'M4 5h16v11H8l-4 4V5Z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9c0-4 3.6-6 8-6s8 2 8 6',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-12a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01',
  book: 'M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2V5Zm0 16a2 2 0 0 1 2-2h14',
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11',
  check: 'M5 12.5 10 17l9-10',
  dot: 'M12 12h.01',
  briefcase: 'M4 8h16v11H4V8Zm5 0V5h6v3M4 13h16',
  lock: 'M5 11h14v10H5V11Zm3 0V8a4 4 0 0 1 8 0v3m-4 4v2',
  chart: 'M4 20h16M7 16v-5M12 16V6M17 16v-8',
  gift: 'M4 9h16v4H4V9Zm1 4h14v8H5v-8Zm7-4v12M12 9c-2-4-6-4-6-1.5S9.5 9 12 9Zm0 0c2-4 6-4 6-1.5S14.5 9 12 9Z',
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
